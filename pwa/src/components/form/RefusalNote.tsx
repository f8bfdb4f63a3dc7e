// In a form brought back by Fix: the refusal when its field has no control of
// its own in the form (a field shown beside its control needs no note).

import type { FieldError } from '../../generated/records';
import { refusalInWords, type FieldLabels } from '../refusalWords';

export function RefusalNote({
  refusal,
  controls,
  fieldLabels,
}: {
  refusal: FieldError | null | undefined;
  /** The fields this form shows a control for (their errors show there). */
  controls: readonly string[];
  fieldLabels?: FieldLabels;
}) {
  if (!refusal || controls.includes(refusal.field)) return null;
  return (
    <div className="form-alert" role="alert">
      <strong>Not saved yet.</strong> {refusalInWords(refusal, fieldLabels)}
    </div>
  );
}
