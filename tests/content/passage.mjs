// Everything the packages say about a passage, for whoever writes a reading
// or a study on it:  node tests/content/passage.mjs "Mark 1:1-8"
// Prints the KJV and the WEB, the words Strong's tags (the word studies a study
// may choose), Matthew Henry's comment, Spurgeon's exposition of a psalm and
// Scofield's notes: the texts a reading's quote may come from.
import { bibleText, osisVerses, parseReference, plain } from './sword.mjs';
import { WORKS, commentOn } from './quotes.mjs';

const reference = process.argv[2];
if (!reference) {
  console.error('usage: node tests/content/passage.mjs "Book chapter:verse[-verse]"');
  process.exit(2);
}

const heading = (title) => console.log(`\n==== ${title} ====`);

heading(`KJV ${reference}`);
console.log(bibleText('kjv', reference));
heading('WEB');
console.log(bibleText('web', reference));

heading("Strong's tags (word -> number)");
const passage = parseReference(reference);
osisVerses('engKJV2006eb', passage, ['-o', 'n']).forEach((verse, i) => {
  const tags = [...verse.matchAll(/<w lemma="([^"]*)"[^>]*>([\s\S]*?)<\/w>/g)]
    .map(([, lemma, text]) => {
      const numbers = lemma.split(' ').filter((l) => l.startsWith('strong:')).map((l) => l.slice(7).replace(/^([GH])0*/, '$1'));
      return numbers.length ? `${plain(text)}=${numbers.join('+')}` : null;
    })
    .filter(Boolean);
  console.log(`v${passage.from + i}: ${tags.join('  ')}`);
});

for (const work of Object.keys(WORKS)) {
  try {
    const { passage: on, text } = commentOn(work, reference);
    heading(`${WORKS[work]}, on ${on}  [quoteWork "${work}"]`);
    console.log(text || '(nothing on these verses)');
  } catch (e) {
    heading(`${WORKS[work]}  [quoteWork "${work}"]`);
    console.log(`(not available: ${e.message.split('\n')[0]})`);
  }
}
