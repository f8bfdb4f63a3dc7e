// A refusal the server gave a group call: the field at fault and its words
// (the Rust rules'), from the error body.

import { ApiError } from '../../api/client';
import { messageOf } from '../../api/messageOf';
import { sentence } from '../../components/form/Field';
import type { FieldError } from '../../generated/records';

export function refusalOf(error: unknown): FieldError | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const body = JSON.parse(error.body) as { field?: string; message?: string };
    return body.field && body.message ? { field: body.field, message: body.message.replace(/^[\w]+: /, '') } : null;
  } catch {
    return null;
  }
}

/** What to tell a person about a failed group call, as a sentence. */
export function wordsOf(error: unknown, fallback: string): string {
  const refusal = refusalOf(error);
  return sentence(refusal ? refusal.message : messageOf(error, fallback));
}
