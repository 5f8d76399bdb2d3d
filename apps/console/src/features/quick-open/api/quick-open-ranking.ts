import type { Screen } from "./screens";

/** Characters that part the words of an object name (`DAILY.EXTRACT_ORDERS`). */
const NAME_WORD_START = /[._$@#-]/;

/**
 * How well a name found by `*TEXT*` answers what was typed, lower is better: 0 the name itself,
 * 1 the name starts with it, 2 a word of the name starts with it, 3 it stands anywhere, 4 the name
 * only matches a pattern that was typed.
 */
export function nameRank(name: string, typed: string): number {
  const text = typed.trim().toUpperCase();
  const upper = name.toUpperCase();
  if (upper === text) return 0;
  if (upper.startsWith(text)) return 1;
  if (!upper.includes(text)) return 4;
  return startsAWord(upper, text) ? 2 : 3;
}

/** Whether `text` stands in `name` right after a character that parts words. */
function startsAWord(name: string, text: string): boolean {
  for (let at = name.indexOf(text, 1); at > 0; at = name.indexOf(text, at + 1)) {
    if (NAME_WORD_START.test(name.charAt(at - 1))) return true;
  }
  return false;
}

/** Items with names, best answer first; equal ranks: the shorter name (closer to what was typed), then by name. */
export function byNameRank<T>(items: readonly T[], nameOf: (item: T) => string, typed: string): T[] {
  return items
    .map((item) => ({ item, name: nameOf(item), rank: nameRank(nameOf(item), typed) }))
    .sort((a, b) => a.rank - b.rank || a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map(({ item }) => item);
}

/**
 * How well a screen answers the text, lower is better, null for no match: 0 its label, 1 the
 * label starts with it, 2 a word of the label does, 3 a word it is also known by does, 4 the label
 * or one of those words holds it.
 */
export function screenRank(screen: Screen, typed: string): number | null {
  const text = typed.trim().toLowerCase();
  const label = screen.label.toLowerCase();
  if (label === text) return 0;
  if (label.startsWith(text)) return 1;
  if (wordsOf(label).some((word) => word.startsWith(text))) return 2;
  const keywords = screen.keywords.map((keyword) => keyword.toLowerCase());
  if (keywords.some((keyword) => keyword.startsWith(text) || wordsOf(keyword).some((word) => word.startsWith(text)))) return 3;
  if (label.includes(text) || keywords.some((keyword) => keyword.includes(text))) return 4;
  return null;
}

const wordsOf = (text: string): string[] => text.split(/\s+/);

/** The screens that answer the text, best first (equal ranks keep the navigation's order); every screen for no text. */
export function rankScreens(screens: readonly Screen[], typed: string): Screen[] {
  if (typed.trim() === "") return [...screens];
  return screens
    .map((screen, index) => ({ screen, index, rank: screenRank(screen, typed) }))
    .filter((entry): entry is { screen: Screen; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ screen }) => screen);
}
