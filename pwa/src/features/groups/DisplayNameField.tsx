// The one thing a person gives a group of themselves: the name shown beside
// what they share (asked when they start a group and when they join one).

import { TextInput } from '../../components/form';
import { DISPLAY_NAME_MAX } from '../../generated/records';

export function DisplayNameField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <TextInput
      label="Your name in the group"
      hint="The others see this name beside your requests and prayers, and nothing else of you."
      value={value}
      onChange={onChange}
      error={error}
      maxLength={DISPLAY_NAME_MAX}
      name="displayName"
    />
  );
}
