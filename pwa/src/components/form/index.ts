export { ChoiceGroup } from './Field';
export { CodeInput, DateInput, EnumSelect, NumberInput, PasswordInput, TextArea, TextInput, TimeInput } from './inputs';
// A form's part in showing a refused change: the refusal in the form after
// Fix, in words, and focus on the field at fault.
export { refusalInWords } from '../refusalWords';
export { RefusalNote } from './RefusalNote';
export { useFixFocus } from './useFixFocus';
