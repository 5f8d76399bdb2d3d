/** A match as [start, end) character offsets in the text. */
export interface TextMatch {
  start: number;
  end: number;
}

/** Most matches marked on one page; more would slow the page down and help nobody. */
export const MAX_MATCHES = 5_000;

/** Every occurrence of `needle` in `text`, case-insensitive, not overlapping, in order. */
export function findMatches(text: string, needle: string, limit = MAX_MATCHES): TextMatch[] {
  if (needle === "") return [];
  const haystack = text.toLowerCase();
  const wanted = needle.toLowerCase();
  const matches: TextMatch[] = [];
  for (let at = haystack.indexOf(wanted); at >= 0 && matches.length < limit; at = haystack.indexOf(wanted, at + wanted.length)) {
    matches.push({ start: at, end: at + wanted.length });
  }
  return matches;
}

/** A piece of the text, marked when it is a match (`index` of that match). */
export type TextPiece = { text: string; match: number | null };

/** The text cut into plain pieces and matches, for rendering the matches as <mark>. */
export function splitByMatches(text: string, matches: readonly TextMatch[]): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  matches.forEach((match, index) => {
    if (match.start > at) pieces.push({ text: text.slice(at, match.start), match: null });
    pieces.push({ text: text.slice(match.start, match.end), match: index });
    at = match.end;
  });
  if (at < text.length || pieces.length === 0) pieces.push({ text: text.slice(at), match: null });
  return pieces;
}

/** The match after (`step` 1) or before (-1) `current`, or null when it would leave the page. */
export function stepMatch(current: number, count: number, step: 1 | -1): number | null {
  const next = current + step;
  return next >= 0 && next < count ? next : null;
}
