/**
 * Most characters after `&` in a variable name, its closing `#` included. The name ends at the
 * first `#`, so `#` is allowed only as the last character.
 */
export const MAX_VARIABLE_NAME_LENGTH = 32;

const NAME_CHARACTER = /[A-Za-z0-9$_@§]/;

/** Whether `char` may appear in a variable name between `&` and the closing `#`. */
export function isVariableNameCharacter(char: string): boolean {
  return char.length === 1 && NAME_CHARACTER.test(char);
}

/**
 * A fresh global pattern for `&NAME#` (fresh because a global RegExp carries `lastIndex`).
 * Group 1 is the name between `&` and `#`.
 */
export function variablePattern(): RegExp {
  return new RegExp(`&([A-Za-z_@§][A-Za-z0-9$_@§]{0,${MAX_VARIABLE_NAME_LENGTH - 2}})#`, "g");
}

/** The key a variable is stored under: upper case, with `&` and `#`. */
export function variableKey(name: string): string {
  return `&${name.toUpperCase()}#`;
}
