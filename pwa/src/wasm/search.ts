// The only door to manna-core's search module: the archive and the Bible
// searched on the device, with no signal, by the server's rules. Loaded once,
// by the first search that needs it, and memoised.

import type { ArchiveHit, BibleChapter, VerseHit } from '../generated/content';
import { lazyModule } from './lazy';
import type * as Pkg from './pkg/manna_search.js';

export interface Search {
  /** Why typed search text finds nothing to search for (emoji or symbols alone), in the server's words, or undefined. */
  searchHint(text: string): string | undefined;
  /** The archive's cards found among `items` saved on the device (`{type, item, date}`), ordered as asked, as the server finds them. */
  archiveSearch(text: string, type: string, sort: string, items: unknown[]): ArchiveHit[];
  /** The verses of `chapters` saved on the device with every word of `text`, in canonical order, as the server finds them. */
  bibleSearch(text: string, chapters: Pick<BibleChapter, 'osis' | 'chapter' | 'verses'>[], limit: number): { total: number; verses: VerseHit[] };
}

// Values go into the module as they are (it reads them as JSON.stringify
// would write them) and come back as plain values.
function wrap(pkg: typeof Pkg): Search {
  return {
    searchHint: (text) => pkg.searchHint(text),
    archiveSearch: (text, type, sort, items) => pkg.archiveSearch(text, type, sort, items) as ArchiveHit[],
    bibleSearch: (text, chapters, limit) =>
      pkg.bibleSearch(text, chapters.map(({ osis, chapter, verses }) => ({ osis, chapter, verses })), limit) as {
        total: number;
        verses: VerseHit[];
      },
  };
}

const wasm = lazyModule(() => import('./pkg/manna_search.js'), wrap);

/** The search, loaded once; a render reads it with `use(loadSearch())`. */
export function loadSearch(): Promise<Search> {
  return wasm.load();
}

/** For tests: the search initialised synchronously from the module's bytes. */
export function searchFromBytes(bytes: BufferSource): Promise<Search> {
  return wasm.fromBytes(bytes);
}
