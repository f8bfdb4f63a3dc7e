// Refused changes of records with nothing to correct by hand, shown where
// they were made, for the pages of every feature.

export { TryAgainRefusals, type TryAgainRefusalsProps } from './TryAgainRefusals';
