/**
 * Lengths and positions in code points, so an emoji counts as one character, without splitting
 * the text into an array: a script value may be a million characters long and a loop may ask for
 * its length on every turn. A lone surrogate counts as one character, as in `Array.from`.
 */

// Latin-1 text (most of it) cannot hold a surrogate, and V8 answers this test for it at once.
const SURROGATE = /[\uD800-\uDFFF]/;

/** The number of code points in `text`. */
export function codePointLength(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let length = 0;
  for (let offset = 0; offset < text.length; offset = next(text, offset)) length += 1;
  return length;
}

/**
 * The code unit offset `count` code points after `from` (a code unit offset), or the text's
 * length when it ends first. Walks only as far as it is asked to.
 */
export function codePointOffset(text: string, count: number, from = 0): number {
  // Without a surrogate among the next `count` code units, each of them is a code point.
  if (!SURROGATE.test(text.slice(from, from + count))) return Math.min(from + count, text.length);
  let offset = from;
  for (let walked = 0; walked < count && offset < text.length; walked += 1) offset = next(text, offset);
  return offset;
}

/** `length` code points of `text` from code point `start` (0-based); to its end without `length`. */
export function codePointSlice(text: string, start: number, length?: number): string {
  const from = codePointOffset(text, start);
  return length === undefined ? text.slice(from) : text.slice(from, codePointOffset(text, length, from));
}

/** The offset after the code point at `offset`: two code units for a surrogate pair, else one. */
function next(text: string, offset: number): number {
  const unit = text.charCodeAt(offset);
  if (unit < 0xd800 || unit > 0xdbff) return offset + 1;
  const low = text.charCodeAt(offset + 1);
  return low >= 0xdc00 && low <= 0xdfff ? offset + 2 : offset + 1;
}
