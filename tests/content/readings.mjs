// What a day's reading takes from the packages (its verse from the KJV module,
// its quote's source from the commentary it is found in) and the rules its
// written parts keep: a reflection of 120–220 words and a prayer that answers
// the passage, none sharing a run of words or an opening with another, written
// in the house style (curly quotation marks and apostrophes, God's pronouns in
// lower case as the KJV prints them), and no more than a quarter of the
// reflections ending with a question or a charge to the reader; and what the
// year reads on its great days: the feasts' accounts whole, the Passion
// through Holy Week, Psalm 22 and Isaiah 52:13-53:12 in Lent.
import { bibleText, bookName, formatReference, parseReference } from './sword.mjs';
import { quoteIn, quoteSource, workOf } from './quotes.mjs';

export const REFLECTION_WORDS = [120, 220];
export const PRAYER_WORDS = [35, 120];
export const QUOTE_WORDS = [8, 80];
/** Two texts sharing this many words in a row repeat a formula. */
const RUN = 8;

export const words = (text) => text.split(/\s+/).filter(Boolean);
const bare = (text) => words(text.toLowerCase().replace(/’/g, "'").replace(/[^a-z'\s-]/g, ' '));

/** The extracted fields of a reading: its verse, and its quote's full source
 *  (`work` is 'mhcc', 'tdavid' or 'scofield'; by default the one it names). */
export function readingParts(reading, work = workOf(reading.quoteSource ?? '')) {
  return {
    verse: bibleText('kjv', reading.reference),
    ...(work ? { quoteSource: quoteSource(work, reading.reference) } : {}),
  };
}

/** Why a reading's quote is not genuine, or null when it is found in its work on the passage. */
export function quoteProblem(reading) {
  const work = workOf(reading.quoteSource ?? '');
  if (!reading.csLewisQuote) return 'no quote';
  if (!work) return `quoteSource '${reading.quoteSource}' names none of the three commentaries`;
  if (reading.quoteSource !== quoteSource(work, reading.reference)) {
    return `quoteSource should be '${quoteSource(work, reading.reference)}'`;
  }
  const n = words(reading.csLewisQuote).length;
  if (n < QUOTE_WORDS[0] || n > QUOTE_WORDS[1]) return `the quote has ${n} words`;
  return quoteIn(work, reading.reference, reading.csLewisQuote) ? null : 'the quote is not in the commentary on this passage';
}

function runs(text, scripture) {
  const w = bare(text);
  const out = new Set();
  for (let i = 0; i + RUN <= w.length; i += 1) {
    const run = w.slice(i, i + RUN).join(' ');
    if (!scripture.includes(run)) out.add(run);
  }
  return out;
}

/** Pronouns that, capitalised in mid-sentence, honour God against the KJV's
 *  own printing (it writes he, him, his, thee, thou, thy in lower case). */
const PRONOUNS = ['He', 'Him', 'His', 'Himself', 'Thee', 'Thou', 'Thy', 'Thine', 'You', 'Your', 'Yours', 'Yourself'];
const PRONOUN = new RegExp(`\\b(${PRONOUNS.join('|')})\\b`, 'g');
/** Where a sentence may begin: the text's start, after . ! or ? (and any
 *  closing quotation marks or bracket, and a reference in brackets:
 *  “…his coming?” (3:4) He…), or after an opening quotation mark. */
const SENTENCE_START = /(^|[.!?][”’"')]*\s+(\([^()]*\)\s+)?|[“‘"'(]\s*)$/;

/** The house style's faults in a piece of prose: straight quotation marks or
 *  apostrophes (it writes “ ” ‘ ’ and ’), and a capitalised pronoun of God in
 *  the middle of a sentence (words quoted between “ and ” keep their source's
 *  capitals: the KJV opens speech after a comma, “said unto him, Thou fool”). */
export function styleProblems(text) {
  const problems = [];
  const straight = text.match(/["']/g);
  if (straight) problems.push(`${straight.length} straight quotation mark(s) or apostrophe(s) (write “ ” ‘ ’)`);
  const quoted = [...text.matchAll(/“[^”]*”/g)].map((q) => [q.index, q.index + q[0].length]);
  for (const m of text.matchAll(PRONOUN)) {
    if (quoted.some(([from, to]) => m.index > from && m.index < to)) continue;
    if (!SENTENCE_START.test(text.slice(0, m.index))) {
      problems.push(`‘${m[1]}’ capitalised in mid-sentence: ‘…${text.slice(Math.max(0, m.index - 30), m.index + m[1].length)}’`);
    }
  }
  return problems;
}

/** The last sentence of a text: what follows the last . ! or ? (with any
 *  closing quotation marks) that is followed by a space and a new sentence. */
export function lastSentence(text) {
  const sentences = text.trim().split(/(?<=[.!?][”’"')]*)\s+(?=[“‘"'(]*[A-Z])/);
  return sentences[sentences.length - 1];
}

/** Verbs that, first in a sentence, make it a command to the reader. */
const IMPERATIVES = new Set(`accept add allow answer arise ask be bear become begin believe bow breathe bring build call
  carry cast choose cling close come confess consider count decide do draw drink eat fill find fix flee follow forgive
  gather get give go grow hand handle hear help hide hold imagine invite join keep kneel lay lean learn leave let lift
  listen live look love make mark meet name note notice obey offer open pause pick ponder practise practice pray put
  read receive remember repent resist rest return rise run say see seek serve set share show shut sing sit sleep speak
  spend stand start stay stoop stop submit take talk taste tell thank think trust try turn use wait wake walk wash watch
  weigh welcome write yield`.split(/\s+/));
/** Words that may stand before the verb of a command: “So wait”, “Then, ask”, “Today pray”. */
const LEAD_INS = new Set(['and', 'but', 'so', 'then', 'now', 'today', 'tonight', 'yet', 'therefore', 'instead', 'first']);
/** Words that open a subordinate clause, after whose comma a command may stand: “If …, sit down first.”,
 *  “Instead of …, ask …”, “Next time …, look up.” */
const CLAUSE_OPENERS = new Set(['instead', 'next', 'if', 'when', 'whenever', 'whatever', 'wherever', 'whoever', 'before', 'after', 'as', 'while', 'until', 'since', 'though', 'although', 'once']);
/** Words that open the main clause of a statement: “Whatever today brings, it falls …”. */
const SUBJECTS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'it', 'he', 'she', 'they', 'we', 'i',
  'his', 'her', 'its', 'our', 'their', 'there', 'every', 'each', 'no', 'nothing', 'someone', 'everyone', 'all']);
const SECOND_PERSON = /\b(you|your|yours|yourself|yourselves)\b/i;

function commands(clause) {
  const w = clause.toLowerCase().replace(/[“‘"(]/g, '').split(/[\s,]+/).filter(Boolean);
  let i = 0;
  while (i < w.length - 1 && LEAD_INS.has(w[i])) i += 1;
  if (w[i] === 'do' && w[i + 1] === 'not') return true;
  return w[i] === 'don’t' || w[i] === "don't" || IMPERATIVES.has(w[i]);
}

/**
 * How a reflection ends, by its last sentence (see lastSentence):
 *  - 'question' when that sentence ends with a question mark (before any closing quotation marks);
 *  - 'charge' when it speaks to the reader: outside the words it quotes (between “ ” or ‘ ’) it
 *    has you, your, yours, yourself or yourselves; or it is a command: its first word, after any
 *    lead-in (and, but, so, then, now, today, tonight, yet, therefore, instead, first), is a verb
 *    of IMPERATIVES (let, pray, bring, ask…) or “do not”/“don’t”, and so is a clause after a colon
 *    or semicolon (“God has come near: bring him…”), or, when the sentence opens with a
 *    subordinate clause (if, when, whatever…), a part after one of its commas, before any part
 *    that opens with a subject (a capitalised name or a word of SUBJECTS) (“If …, sit down first.”);
 *  - null otherwise (a statement, a promise, an image, a word of Scripture).
 */
export function ending(text) {
  const last = lastSentence(text);
  if (/\?[”’"')]*$/.test(last)) return 'question';
  const own = last.replace(/“[^”]*”/g, ' ').replace(/‘[^’]*’/g, ' ').replace(/"[^"]*"/g, ' ');
  if (SECOND_PERSON.test(own)) return 'charge';
  if (own.split(/[;:]/).some(commands)) return 'charge';
  const opener = own.trim().toLowerCase().replace(/^[“‘"'(]+/, '').split(/[\s,]+/)[0];
  if (CLAUSE_OPENERS.has(opener)) {
    // The main clause follows one of the commas: a command if it opens with a verb,
    // a statement if it opens with a subject (“When …, the fitting response is …”).
    for (const part of own.split(',').slice(1)) {
      const first = part.trim().replace(/^[“‘"'(]+/, '').split(/\s+/)[0] ?? '';
      if (commands(part)) return 'charge';
      if (/^[A-Z]/.test(first) || SUBJECTS.has(first)) break;
    }
  }
  return null;
}

/** At most this share of the reflections may end with a question or a charge. */
export const CHARGED_ENDINGS = 1 / 4;

/**
 * What breaks the writing rules across `readings` ({id, reference, reflection,
 * prayer, verse?}): lengths, the house style (styleProblems), any run of eight
 * words or any three-word opening two readings share (words of Scripture
 * aside), and more than a quarter of them ending with a question or a charge
 * to the reader (see ending).
 */
export function writingProblems(readings) {
  const problems = [];
  const seenRuns = new Map();
  const openings = new Map();
  for (const r of readings) {
    const scripture = bare(r.verse ?? bibleText('kjv', r.reference)).join(' ');
    for (const [field, [min, max]] of [['reflection', REFLECTION_WORDS], ['prayer', PRAYER_WORDS]]) {
      const n = words(r[field] ?? '').length;
      if (n < min || n > max) problems.push(`${r.id}: ${field} has ${n} words (${min}–${max})`);
      for (const run of runs(r[field] ?? '', scripture)) {
        const other = seenRuns.get(run);
        if (other && other !== r.id) problems.push(`${r.id}: '${run}' is also in ${other}`);
        else seenRuns.set(run, r.id);
      }
    }
    for (const field of ['reflection', 'prayer']) {
      for (const p of styleProblems(r[field] ?? '')) problems.push(`${r.id}: its ${field} has ${p}`);
    }
    const opening = bare(r.reflection ?? '').slice(0, 3).join(' ');
    if (openings.has(opening)) problems.push(`${r.id}: its reflection opens like ${openings.get(opening)}'s ('${opening}')`);
    openings.set(opening, r.id);
  }
  const charged = readings.filter((r) => ending(r.reflection ?? ''));
  if (charged.length > readings.length * CHARGED_ENDINGS) {
    problems.push(`${charged.length} of ${readings.length} reflections end with a question or a charge to the reader `
      + `(at most ${Math.floor(readings.length * CHARGED_ENDINGS)}): ${charged.map((r) => `${r.id} (${ending(r.reflection)})`).join(', ')}`);
  }
  return problems;
}

/** The great days that read their account whole: the passage each day's reading must hold. */
export const READ_WHOLE = {
  'christmas-day': 'Luke 2:1-14',
  epiphany: 'Matthew 2:1-12',
  'palm-sunday': 'Mark 11:1-11',
  'easter-day': 'Matthew 28:1-10',
  pentecost: 'Acts 2:1-21',
};
/** Holy Week's days after Palm Sunday, each read in the chapters of the Passion. */
const HOLY_WEEK = ['holy-monday', 'holy-tuesday', 'holy-wednesday', 'maundy-thursday', 'good-friday', 'holy-saturday'];
const PASSION = ['Matthew 26', 'Matthew 27', 'Mark 14', 'Mark 15', 'Luke 22', 'Luke 23', 'John 13', 'John 18', 'John 19'];
/** Good Friday reads the crucifixion through to the death: one of these verses. */
const DEATH = ['Matthew 27:50', 'Mark 15:37', 'Luke 23:46', 'John 19:30'];
/** What Lent reads before Holy Week, every verse of it on some day of Lent. */
export const IN_LENT = ['Psalm 22:1-31', 'Isaiah 52:13-15', 'Isaiah 53:1-12'];

/** Whether `reading`'s passage holds all of `passage`. */
function holds(reading, passage) {
  const r = parseReference(reading.reference);
  const p = parseReference(passage);
  return r.book === p.book && r.chapter === p.chapter && r.from <= p.from && p.to <= r.to;
}

/**
 * Where the year's readings ({slot, reference}) fail to carry the Passion and
 * the feasts: a great day clipped, a day of Holy Week read outside the Passion,
 * a Good Friday that stops before the death, or a verse of Psalm 22 or the
 * Servant Song (Isaiah 52:13-53:12) that Lent leaves unread.
 */
export function passionProblems(readings) {
  const problems = [];
  const on = (slot) => readings.find((r) => r.slot === slot);
  for (const [slot, passage] of Object.entries(READ_WHOLE)) {
    const r = on(slot);
    if (!r || !holds(r, passage)) problems.push(`${slot} reads ${r?.reference ?? 'nothing'}, not the whole of ${passage}`);
  }
  for (const slot of HOLY_WEEK) {
    const r = on(slot);
    const p = r && parseReference(r.reference);
    if (!p || !PASSION.includes(`${bookName(p.book)} ${p.chapter}`)) {
      problems.push(`${slot} reads ${r?.reference ?? 'nothing'}, outside the Passion`);
    }
  }
  const friday = on('good-friday');
  if (!friday || !DEATH.some((verse) => holds(friday, verse))) {
    problems.push(`good-friday reads ${friday?.reference ?? 'nothing'}, which does not reach his death (${DEATH.join(', ')})`);
  }
  const lent = readings.filter((r) => r.slot?.startsWith('lent-'));
  for (const passage of IN_LENT) {
    const p = parseReference(passage);
    const unread = [];
    for (let v = p.from; v <= p.to; v += 1) {
      const verse = formatReference({ ...p, from: v, to: v });
      if (!lent.some((r) => holds(r, verse))) unread.push(verse);
    }
    if (unread.length) problems.push(`Lent does not read ${unread.join(', ')}`);
  }
  return problems;
}
