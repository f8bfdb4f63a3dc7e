// What other parts of the app may use of the Bible reader: a chapter's
// verses, from the server or as this device keeps them.

export { readChapter } from './scripture';
