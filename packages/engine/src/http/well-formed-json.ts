import { ErrorCode } from "@baton/contract";
import { BadRequestError } from "../domain/errors";

/** A `\u` escape of a surrogate: only a JSON text with one can hold half of a UTF-16 pair. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
/** Half of a surrogate pair standing alone (a whole pair is one code point to a `u` pattern). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * JSON.parse of `text` that refuses (400) a string or member name holding half of a UTF-16
 * surrogate pair, such as `"\ud800"`: no database stores it as sent (SQLite keeps bytes that are not
 * UTF-8 and reads them back as three replacement characters), so it would be changed silently.
 * Texts without a surrogate escape, nearly all, are parsed as they are.
 */
export function parseWellFormedJson(text: string): unknown {
  if (!SURROGATE_ESCAPE.test(text)) return JSON.parse(text);
  return JSON.parse(text, (key: string, value: unknown) => {
    if (LONE_SURROGATE.test(key) || (typeof value === "string" && LONE_SURROGATE.test(value))) throw loneSurrogateError();
    return value;
  });
}

function loneSurrogateError(): BadRequestError {
  return new BadRequestError(
    ErrorCode.MALFORMED_BODY,
    "Malformed JSON.",
    "A string or member name holds half of a UTF-16 surrogate pair (\\uD800 to \\uDFFF without its other half), which is not text; send the whole character.",
  );
}
