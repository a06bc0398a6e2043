/**
 * Text normalisation shared by the dataset (slugs, emails) and the search engine (tokens). One definition, so that
 * "José Álvarez", "jose alvarez" and "JOSE ALVAREZ" are the same words everywhere in the simulator.
 */

/** Letters that Unicode decomposition does not reduce to ASCII. */
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Lower case, accents removed: "Zoë Müller" → "zoe muller", "Łukasz" → "lukasz". */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßøæœłđðþı]/g, (letter) => SPECIAL_LETTERS[letter] ?? letter);
}

/** Words ignored in queries: they carry no meaning in a title, an employer or a place. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'of',
  'and',
  'the',
  'at',
  'in',
  'for',
  'a',
  'an',
  'to',
  'with',
  '&',
]);

const NON_ASCII = /[^ -~\t\n\r]/;
const WORD = /[a-z0-9+#]+/g;

/** Abbreviations users type for words the dataset spells out. */
const TOKEN_ALIASES: Readonly<Record<string, string>> = {
  sr: 'senior',
  jr: 'junior',
  mgr: 'manager',
  dev: 'developer',
  eng: 'engineer',
  engr: 'engineer',
  mktg: 'marketing',
  acct: 'accountant',
  intl: 'international',
};

/**
 * The words of a text: folded, split on anything that is not a letter, a digit, `+` or `#` (so that "C++" and "C#"
 * stay words), apostrophes dropped, abbreviations expanded, "vice president" written "vp" (as most titles spell it). Order is kept
 * (exact phrases need it).
 */
export function tokenize(text: string): string[] {
  // Most texts are plain ASCII: skip Unicode decomposition for them (index building tokenises thousands of texts).
  const folded = NON_ASCII.test(text) ? fold(text) : text.toLowerCase();
  const words = folded.replace(/['\u2019]/g, '').match(WORD) ?? [];
  const out: string[] = [];
  for (const word of words) {
    if (word === 'president' && out[out.length - 1] === 'vice') {
      out[out.length - 1] = 'vp';
      continue;
    }
    out.push(TOKEN_ALIASES[word] ?? word);
  }
  return out;
}

/** Whether the text reads the same once case and spacing are ignored (the "exact" comparison). */
export function exactForm(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * True when `a` and `b` differ by at most one edit: one insertion, deletion, substitution, or a swap of two
 * neighbouring letters (optimal string alignment distance ≤ 1). Linear time: only a single edit is looked for.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    // Substitution at i, or a swap of i and i+1.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // One insertion/deletion at i.
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** "José Álvarez" → "jose-alvarez". */
export function slugify(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
