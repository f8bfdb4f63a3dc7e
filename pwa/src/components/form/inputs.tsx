// Form controls in a Field: text, long text, number, date and a choice of an
// enum's values (the values come from the generated lists of the Rust enums).

import type { ReactNode } from 'react';
import { capitalize } from '../../lib/words';
import { Field } from './Field';

interface Common {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  name?: string;
}

/** Text on one line, or several with `multiline`. */
export function TextInput({
  value,
  onChange,
  maxLength,
  multiline = false,
  ...field
}: Common & { value: string; onChange: (v: string) => void; maxLength?: number; multiline?: boolean }) {
  const Control = multiline ? 'textarea' : 'input';
  return (
    <Field {...field}>
      {(control) => (
        <Control {...control} name={field.name} value={value} maxLength={maxLength} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

/** A password the person already has (to confirm who they are), or, with
 *  `fresh`, one they choose now. */
export function PasswordInput({ value, onChange, fresh = false, ...field }: Common & { value: string; onChange: (v: string) => void; fresh?: boolean }) {
  return (
    <Field {...field}>
      {(control) => (
        <input
          {...control}
          name={field.name}
          type="password"
          autoComplete={fresh ? 'new-password' : 'current-password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A one-time code from an email: digits only, six at most. */
export function CodeInput({ value, onChange, ...field }: Common & { value: string; onChange: (v: string) => void }) {
  return (
    <Field {...field}>
      {(control) => (
        <input
          {...control}
          name={field.name}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        />
      )}
    </Field>
  );
}

export function TextArea(props: Omit<Parameters<typeof TextInput>[0], 'multiline'>) {
  return <TextInput {...props} multiline />;
}

/** A number typed as text (kept as typed, so nothing a person enters is lost). */
export function NumberInput({
  value,
  onChange,
  step,
  min,
  max,
  ...field
}: Common & { value: string; onChange: (v: string) => void; step?: string; min?: number; max?: number }) {
  return (
    <Field {...field}>
      {(control) => (
        <input
          {...control}
          name={field.name}
          type="number"
          inputMode="decimal"
          step={step}
          min={min}
          max={max}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export function DateInput({
  value,
  onChange,
  max,
  ...field
}: Common & { value: string; onChange: (v: string) => void; max?: string }) {
  return (
    <Field {...field}>
      {(control) => <input {...control} name={field.name} type="date" value={value} max={max} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

export function TimeInput({ value, onChange, ...field }: Common & { value: string; onChange: (v: string) => void }) {
  return (
    <Field {...field}>
      {(control) => <input {...control} name={field.name} type="time" value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/** One of an enum's values; `placeholder` adds an empty first choice. */
export function EnumSelect<T extends string>({
  values,
  value,
  onChange,
  optionLabel = capitalize,
  placeholder,
  ...field
}: Common & {
  values: readonly T[];
  value: T | '';
  onChange: (v: T | '') => void;
  optionLabel?: (v: T) => string;
  placeholder?: string;
}) {
  return (
    <Field {...field}>
      {(control) => (
        <select {...control} name={field.name} value={value} onChange={(e) => onChange(e.target.value as T | '')}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {values.map((v) => (
            <option key={v} value={v}>
              {optionLabel(v)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
