// What other features use of shopping: saving a generated list, the button
// that makes a week's list of a plan, and finding the plan a person follows.

export { newestEnrollment, saveGeneratedList } from './saveList';
export { WeekListButton } from './WeekListButton';
