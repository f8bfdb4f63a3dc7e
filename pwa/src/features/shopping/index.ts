// What other features use of shopping: saving a generated list, and finding
// the plan a person follows.

export { newestEnrollment, saveGeneratedList } from './saveList';
