// The Bible reader's addresses, light enough for any page to link to.

/** The reader's address of a chapter (and a verse in it). */
export const readPath = (translation: string, osis: string, chapter: number, verse?: number) =>
  `/read/${translation}/${osis}/${chapter}${verse ? `#v${verse}` : ''}`;
