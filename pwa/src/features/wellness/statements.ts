// The five statements of the Daily Wellness Check, rated 1 (not at all) to 5 (fully).
export const STATEMENTS = [
  'I slept well and woke up rested.',
  'I took time for prayer, Scripture or quiet reflection.',
  'I ate nourishing food and drank enough water.',
  'I moved my body or spent time outdoors.',
  'I feel at peace and connected to the people I love.',
] as const;
