// The practices the content lint (safety.test.mjs) follows: what shows each
// one in a text, the glossary techniques whose warnings it must repeat (or the
// audit that asked for a caution the glossary has no entry for), and the words
// every place giving the practice must carry.

/** Each practice: what shows it, the glossary techniques whose warnings it
 *  must repeat (or the audit that asked for it), and the words of those
 *  warnings every place that gives the practice must carry. */
export const PRACTICES = [
  {
    practice: 'box breathing and breath holds',
    finds: /\bbox breathing\b|\bbreath[- ]holds?\b|\bhold(ing)? (your|the) breath\b|\bhold for (4|four)\b/i,
    glossary: ['Box Breathing'],
    needs: [/pregnan/i, /\bheart\b/i, /\blung\b/i],
    notIn: ['remedies'],
  },
  {
    practice: 'cold water on the body',
    finds: /\b(cool|cold)[- ](shower|soak|plunge|exposure|bath)|\bcontrast shower|\bice bath|\bhand soak|\bhands in (cool|cold) water/i,
    glossary: ['Cool Shower Finish'],
    needs: [/\bheart\b/i, /Raynaud/i, /blood pressure/i],
    notIn: ['remedies'],
  },
  {
    practice: 'cold plunges',
    finds: /\bcold plunge|\bice bath|\bopen water/i,
    glossary: ['Cold Plunge'],
    needs: [/\balone\b/i, /\bheart\b/i, /pregnan/i],
  },
  {
    practice: 'cold water on the face',
    finds: /\bsplash(ing)? (your face with )?cold water|\bcold water on (your|the) face/i,
    glossary: ['Cold Face Splash'],
    needs: [/heart rhythm/i],
  },
  {
    practice: 'a cool bedroom',
    finds: /\bcool(,)? (and )?dark (and quiet )?bedroom|\bcool bedroom|\bbedroom (cool|around 6\d)/i,
    glossary: ['Cool Bedroom'],
    needs: [/\bbab(y|ies)\b/i, /older adults/i],
    notIn: ['remedies'],
  },
  {
    practice: 'barefoot walking and grounding',
    finds: /\bbarefoot\b|\bgrounding\b|\bearthing\b/i,
    audit: 'feet that cannot feel an injury are hurt unnoticed',
    needs: [/diabet/i, /neuropathy|numb/i, /check (your )?feet/i],
  },
  {
    practice: 'fasting',
    finds: /\bfasting\b|\bfast window\b|\bovernight fast\b|\b12-hour overnight gap\b|\bskip (one|a) meal\b/i,
    glossary: ['Twelve-Hour Overnight Fast', 'Biblical Fasting with Prayer'],
    needs: [/pregnan/i, /breastfeed/i, /\bchildren\b/i, /eating disorder/i, /diabet/i],
  },
  {
    practice: 'saunas',
    finds: /\bsauna|\bsteam room|\bhot tub/i,
    glossary: ['Sauna Session'],
    needs: [/\bheart\b/i, /blood pressure/i, /pregnan/i, /alcohol/i, /dizzy/i],
  },
  {
    practice: 'warm or hot baths',
    finds: /\b(warm|hot) bath/i,
    glossary: ['Warm Bath Before Bed'],
    needs: [/pregnan/i, /\bheart\b/i],
  },
  {
    practice: 'heat packs',
    finds: /\bheating pad|\b(warm|heat) pack|\bhot water bottle/i,
    glossary: ['Warm Compress'],
    needs: [/\b(asleep|sleep(ing)?)\b[^.]*\b(heat|heating pad|pack)|\b(heat|heating pad|pack)\b[^.]*\b(asleep|sleep(ing)?)\b/i, /\bnumb\b/i],
  },
  {
    practice: 'warm foot soaks',
    finds: /\bfoot soak|\bsoak (your )?feet/i,
    glossary: ['Warm Foot Soak'],
    needs: [/diabet/i, /\bnumb\b/i],
  },
  {
    practice: 'morning sunlight',
    finds: /\bmorning sunlight\b|\bface the (sky|sun)\b|\bsun[- ]?gaz/i,
    glossary: ['Morning Daylight'],
    needs: [/\b(look|stare)\b[^.]*\bsun\b/i],
  },
  {
    practice: 'long sun exposure',
    finds: /\bsun exposure\b|\bsunbath/i,
    glossary: ['Midday Outdoor Break'],
    needs: [/\bsun protection\b|\bsunscreen\b|\bprotect your skin\b|\bsunburn\b/i],
  },
  {
    practice: 'light boxes',
    finds: /\blight box\b/i,
    glossary: ['Light Box Session'],
    needs: [/eye disease/i, /bipolar/i],
  },
  {
    practice: 'eating nuts',
    finds: /\b(almonds?|walnuts?|pecans?|cashews?|hazelnuts?|pistachios?|peanuts?|nuts)\b(?![ -](butter|milk))/i,
    glossary: ['Protein at Breakfast'],
    needs: [/\bnut allergy\b/i],
    onlyIn: ['biohacks', 'health tips', 'home tips', 'catalogue tips', 'meal plans', 'plan days'],
  },
  {
    practice: 'drinking more water',
    finds: /\b(eight|8) (glasses|cups)\b|\bwater before (each|every) meal\b|\bwater first\b/i,
    glossary: ['Water First'],
    needs: [/\bfluids?\b[^.]*\b(restrict|limit)|\b(restrict|limit)\w*\b[^.]*\bfluids?\b/i],
  },
  {
    practice: 'salty snacks',
    finds: /\bsalty snacks?\b|\bsalt tablets?\b|\belectrolyte drink/i,
    audit: 'extra salt is unsafe for people whose doctor limits it',
    needs: [/\bsalt[- ]restricted\b|\blow[- ]salt\b|\blimits? (your )?salt\b|\bsodium\b/i],
  },
  {
    practice: 'hibiscus tea',
    finds: /\bhibiscus\b/i,
    audit: 'hibiscus lowers blood pressure and is not advised in pregnancy',
    needs: [/pregnan/i, /blood[- ]pressure (medicine|drugs?|pills?|medication)/i],
  },
  {
    practice: 'dandelion',
    finds: /\bdandelion\b/i,
    audit: 'dandelion acts as a diuretic and can raise lithium levels',
    needs: [/diuretic/i, /lithium/i],
  },
  {
    practice: 'tuna',
    finds: /\btuna\b/i,
    audit: 'tuna carries more mercury than most fish',
    needs: [/mercury/i, /pregnan/i, /\bchild(ren)?\b/i, /\blight tuna\b/i, /\bservings?\b[^.]*\ba week\b/i],
  },
  {
    practice: 'jumping and burpees',
    finds: /\bjump\w*|\bburpees?\b|\bskater\b|\bplyometric/i,
    audit: 'impact and sudden effort strain the heart, a pregnancy and a bad back',
    needs: [/\bheart\b/i, /pregnan/i, /\bback\b/i],
    onlyIn: ['premium exercises', 'daily exercises'],
  },
  {
    practice: 'hollow holds',
    finds: /\bhollow (hold|rock|body)\b/i,
    audit: 'long core holds strain the back, a pregnancy and the blood pressure',
    needs: [/\bheart\b/i, /pregnan/i, /\bback\b/i],
    onlyIn: ['premium exercises', 'daily exercises'],
  },
];

