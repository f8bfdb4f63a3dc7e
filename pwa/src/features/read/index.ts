// What other parts of the app may use of the Bible reader.

export { readPath } from './paths';
