import { variableKey, variablePattern } from "./variable-name";

/**
 * Replaces every `&NAME#` in `text` for which `lookup` has a value. Names reach `lookup` in
 * upper case with `&` and `#` (`&target#` → `"&TARGET#"`); unknown variables stay as written.
 * Substituted values are not scanned again, so a value containing `&X#` stays literal.
 */
export function substituteVariables(text: string, lookup: (name: string) => string | undefined): string {
  return text.replace(variablePattern(), (written: string, name: string) => lookup(variableKey(name)) ?? written);
}
