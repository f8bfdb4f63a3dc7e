// The words a refused change is explained in: the field at fault named as a
// person would name it, then the rule's own message as a sentence. The rules
// and their messages are the Rust ones; only the naming is here.

import type { FieldError } from '../generated/records';
import { capitalize } from '../lib/words';
import { sentence } from './form/Field';

/** How a page names its fields ("reminderTime" → "Time"). */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * The field in words: the page's label for it, else its wire name spelled out
 * ('reminderTime' → 'Reminder time'). None for `id`: the record as a whole,
 * which the message itself explains (a full account, a bad name).
 */
export function fieldInWords(field: string, labels: FieldLabels = {}): string | null {
  if (labels[field]) return labels[field];
  if (field === 'id' || !field) return null;
  return capitalize(field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase());
}

/** 'Time: '7:5' is not a time in the form HH:MM.' */
export function refusalInWords(refusal: FieldError, labels?: FieldLabels): string {
  const field = fieldInWords(refusal.field, labels);
  return field ? `${field}: ${sentence(refusal.message)}` : sentence(refusal.message);
}
