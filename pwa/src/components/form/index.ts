export { ChoiceGroup, Field, sentence, type ControlProps } from './Field';
export { capitalize, CodeInput, DateInput, EnumSelect, NumberInput, TextArea, TextInput, TimeInput } from './inputs';
// A form's part in showing a refused change: the changes beside the form, the
// refusal in the form after Fix, and focus on the field at fault.
export { RefusedChanges, type Refused } from '../RefusedChanges';
export { fieldInWords, refusalInWords, type FieldLabels } from '../refusalWords';
export { RefusalNote } from './RefusalNote';
export { focusFirstProblem, useFixFocus } from './useFixFocus';
