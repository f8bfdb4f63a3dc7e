// One labelled form control with its error shown beneath it and tied to it for
// screen readers (aria-invalid, aria-describedby).

import { useId, type ReactNode } from 'react';

/** The attributes a control needs to belong to its field. */
/** 'must not be empty' → 'Must not be empty.' (the rules' words, as a sentence). */
export function sentence(message: string): string {
  const text = message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** The message shown under the control, if any. */
  error?: string;
  hint?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}

export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${error ? 'field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field-hint small muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {sentence(error)}
        </p>
      )}
    </div>
  );
}

/** A checkbox group (days of the week, restrictions) as one field. */
export function ChoiceGroup<T extends string>({
  legend,
  values,
  label,
  chosen,
  onToggle,
  error,
}: {
  legend: ReactNode;
  values: readonly T[];
  label: (value: T) => string;
  chosen: readonly T[];
  onToggle: (value: T) => void;
  error?: string;
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset className="choices" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {values.map((v) => (
        <label key={v} className="choice">
          <input type="checkbox" checked={chosen.includes(v)} onChange={() => onToggle(v)} />
          {label(v)}
        </label>
      ))}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {sentence(error)}
        </p>
      )}
    </fieldset>
  );
}
