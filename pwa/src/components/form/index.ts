export { ChoiceGroup, Field, sentence, type ControlProps } from './Field';
export { capitalize, CodeInput, DateInput, EnumSelect, NumberInput, TextArea, TextInput, TimeInput } from './inputs';
