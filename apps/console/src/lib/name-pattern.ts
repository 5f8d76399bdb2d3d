/**
 * How the console reads what an operator types to find objects or runs by name, as the vendor's
 * global search does: a word without placeholders matches anywhere in the name (`EXTRACT` asks for
 * `*EXTRACT*`), while a word with `*` or `?` is a pattern the whole name must match, as typed.
 *
 * The REST filters (`object_name` of POST /search, `name` of GET /executions) keep the vendor's
 * meaning, a pattern over the whole name: clients that send an exact name expect exactly that
 * object. The implicit placeholders are the console's, added here only.
 */

/** Characters of object names (A-Z 0-9 . _ $ @ # -, any letter case) and the placeholders; room is left for the two `*` added (names have at most 200 characters). */
const NAME_QUERY = /^[A-Za-z0-9._$@#\-*?]{1,198}$/;

/** Whether the text holds a placeholder the operator typed. */
export function hasPlaceholder(text: string): boolean {
  return text.includes("*") || text.includes("?");
}

/** The pattern to send for what was typed: `*word*` for a plain word, a pattern as it is; "" stays "". */
export function namePatternOf(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "" || hasPlaceholder(trimmed)) return trimmed;
  return `*${trimmed}*`;
}

/**
 * The name pattern for a quick look-up, or null when the text cannot be part of a name (blanks,
 * characters names never hold) or is shorter than `minLength` (the vendor's global search starts
 * at 2 characters).
 */
export function nameQueryOf(text: string, minLength = 2): string | null {
  const trimmed = text.trim();
  if (trimmed.length < minLength || !NAME_QUERY.test(trimmed)) return null;
  return namePatternOf(trimmed).toUpperCase();
}
