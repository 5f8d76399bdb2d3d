import { ErrorCode } from "@baton/contract";
import { BadRequestError } from "../domain/errors";

/**
 * The deepest nesting of arrays and objects a JSON body may have. The deepest documents of the
 * export format nest about ten levels; 64 leaves room and keeps every walk of a value (key
 * renaming, zod, JSON.stringify, the object store) far from the call stack's limit.
 */
export const MAX_JSON_DEPTH = 64;

/** The bytes of JSON's structure, for scans of raw JSON text. */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`, found without parsing it: a scan
 * of its bytes that counts brackets outside strings and skips strings with indexOf. UTF-8 bytes of
 * characters beyond ASCII are never quotes, backslashes or brackets, so bytes serve as well as
 * characters. Exact for well-formed JSON; for malformed text the parser refuses it afterwards.
 */
export function nestsDeeperThan(json: Buffer, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let i = 0;
  while (i < json.length) {
    const byte = json[i];
    if (byte === QUOTE) {
      i = afterString(json, i + 1);
      continue;
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth++;
      if (depth > limit) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
    }
    i++;
  }
  return false;
}

/** The index after the quote that closes a string whose content starts at `from` (the end when none does). */
function afterString(json: Buffer, from: number): number {
  let i = from;
  for (;;) {
    const quote = json.indexOf(QUOTE, i);
    if (quote === -1) return json.length;
    let backslashes = 0;
    for (let k = quote - 1; k >= from && json[k] === BACKSLASH; k--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

/** The 400 of a body nested deeper than MAX_JSON_DEPTH. */
export function tooDeepError(): BadRequestError {
  return new BadRequestError(ErrorCode.MALFORMED_BODY, "JSON nested too deep.", `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels; no request of this interface needs that many.`);
}
