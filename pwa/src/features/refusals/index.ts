// Refused changes of a table, shown where they were made, for the pages of
// every feature.

export { TableRefusals } from './TableRefusals';
