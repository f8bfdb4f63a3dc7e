// The words of the medical disclaimer every health card and plan carries
// (spec part 1).

export const DISCLAIMER =
  'For education only, not medical advice. Please check with your doctor before changing your diet, exercise or health routine.';
