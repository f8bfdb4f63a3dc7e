export { ChoiceGroup, Field, sentence, type ControlProps } from './Field';
export { capitalize, DateInput, EnumSelect, NumberInput, TextArea, TextInput, TimeInput } from './inputs';
