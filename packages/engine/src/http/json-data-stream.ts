import { ErrorCode } from "@baton/contract";
import { BadRequestError, invalid } from "../domain/errors";
import { parseWellFormedJson } from "./well-formed-json";
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, MAX_JSON_DEPTH, OPEN_BRACE, OPEN_BRACKET, QUOTE, tooDeepError } from "./json-depth";

const COMMA = 0x2c;
const COLON = 0x3a;

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

function isByteOrderMark(chunk: Buffer, i: number): boolean {
  return BYTE_ORDER_MARK.includes(chunk[i] ?? 0);
}

/** Where the scanner is in `{"member": value, "data": [element, ...], ...}`. */
type State = "root" | "keyOrEnd" | "key" | "colon" | "valueStart" | "afterValue" | "keyStart" | "firstElement" | "afterElement" | "elementStart" | "value" | "done";

/**
 * Splits a JSON document `{"data": [e0, e1, ...], ...}` arriving in chunks into the elements of
 * `data`, each parsed on its own as soon as its last byte arrives, so that a large document is
 * read once and never held whole (neither as bytes nor as one parsed tree). Other top-level
 * members are parsed and kept. Strings are skipped with indexOf; everything between them is
 * scanned for brackets only, and JSON.parse checks each value. A value that nests deeper than
 * MAX_JSON_DEPTH (counting the document's own object and data array) is refused while it is being
 * scanned, before anything parses it.
 */
export class JsonDataScanner {
  #state: State = "root";
  /** Byte offset of the chunk being scanned, for error messages. */
  #offset = 0;
  #key = "";
  #seenData = false;
  /** What the value being captured is: an element of data, a member's value or a member's key. */
  #capturing: "element" | "member" | "key" = "member";
  #pieces: Buffer[] = [];
  /** A value's first byte was just read, at the index before the scan goes on (it is captured with the rest). */
  #started = false;
  #depth = 0;
  /** How deep the document nests the value being captured: 2 for an element of data, 1 for a member. */
  #outerDepth = 0;
  #inString = false;
  #escape = false;
  /** A number, true, false or null: it ends at the next delimiter. */
  #primitive = false;
  #elements = 0;
  readonly members = new Map<string, unknown>();

  /** Scans one chunk; returns the elements of `data` completed in it, in order. */
  write(chunk: Buffer): unknown[] {
    const completed: unknown[] = [];
    let i = 0;
    while (i < chunk.length) {
      if (this.#state === "value" || this.#state === "key") {
        const from = this.#started ? i - 1 : i;
        this.#started = false;
        const end = this.#scanValue(chunk, i);
        if (end === -1) {
          this.#pieces.push(chunk.subarray(from));
          break;
        }
        this.#pieces.push(chunk.subarray(from, end));
        const value = this.#finishValue();
        if (value.element) completed.push(value.value);
        i = end;
        continue;
      }
      const byte = chunk[i] ?? 0;
      // Whitespace, and a UTF-8 byte order mark before the document, carry nothing.
      if (isSpace(byte) || (this.#state === "root" && this.#offset + i < 3 && isByteOrderMark(chunk, i))) {
        i++;
        continue;
      }
      this.#structural(byte, i);
      i++;
    }
    // A value whose first byte ends the chunk.
    if (this.#started) this.#pieces.push(chunk.subarray(chunk.length - 1));
    this.#started = false;
    this.#offset += chunk.length;
    return completed;
  }

  /** Checks that the document ended where it may; returns how many elements `data` held. */
  end(): number {
    if (this.#state === "value" && this.#primitive) throw this.#malformed("a top-level value is not closed");
    if (this.#state !== "done") throw this.#malformed(this.#state === "root" ? "the body is empty" : "the JSON ends early");
    if (!this.#seenData) throw invalid(ErrorCode.INVALID_REQUEST, "data", "is required: the array of folder entries", null);
    return this.#elements;
  }

  /** The byte after whitespace in a structural state. */
  #structural(byte: number, at: number): void {
    switch (this.#state) {
      case "root":
        return this.#expect(byte === OPEN_BRACE, "keyOrEnd", "an object ({) at the start", at);
      case "keyOrEnd":
        if (byte === CLOSE_BRACE) return this.#to("done");
        return this.#startKey(byte, at);
      case "keyStart":
        return this.#startKey(byte, at);
      case "colon":
        return this.#expect(byte === COLON, "valueStart", "a colon after the member name", at);
      case "valueStart":
        return this.#startMemberValue(byte);
      case "afterValue":
        if (byte === COMMA) return this.#to("keyStart");
        return this.#expect(byte === CLOSE_BRACE, "done", "a comma or } after a member", at);
      case "firstElement":
        if (byte === CLOSE_BRACKET) return this.#to("afterValue");
        return this.#startValue(byte, "element");
      case "elementStart":
        return this.#startValue(byte, "element");
      case "afterElement":
        if (byte === COMMA) return this.#to("elementStart");
        return this.#expect(byte === CLOSE_BRACKET, "afterValue", "a comma or ] after an entry of data", at);
      default:
        throw this.#malformed(`unexpected content after the end of the document at byte ${this.#offset + at}`);
    }
  }

  #to(state: State): void {
    this.#state = state;
  }

  #expect(ok: boolean, next: State, what: string, at: number): void {
    if (!ok) throw this.#malformed(`expected ${what} at byte ${this.#offset + at}`);
    this.#state = next;
  }

  #startKey(byte: number, at: number): void {
    if (byte !== QUOTE) throw this.#malformed(`expected a member name in quotes at byte ${this.#offset + at}`);
    this.#startValue(byte, "key");
  }

  #startMemberValue(byte: number): void {
    if (this.#key !== "data") return this.#startValue(byte, "member");
    if (this.#seenData) throw this.#malformed("the member data appears twice");
    this.#seenData = true;
    if (byte !== OPEN_BRACKET) throw invalid(ErrorCode.INVALID_REQUEST, "data", "must be an array of folder entries", null);
    this.#state = "firstElement";
  }

  /** Starts capturing a value at its first byte; the scan loop then runs #scanValue from that byte. */
  #startValue(byte: number, capturing: "element" | "member" | "key"): void {
    this.#capturing = capturing;
    this.#state = capturing === "key" ? "key" : "value";
    this.#pieces = [];
    this.#depth = 0;
    this.#outerDepth = capturing === "element" ? 2 : 1;
    this.#inString = false;
    this.#escape = false;
    this.#primitive = byte !== OPEN_BRACE && byte !== OPEN_BRACKET && byte !== QUOTE;
    // The caller advances past this byte; the scan goes on from the next and captures from this one.
    this.#started = true;
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) this.#depth = 1;
    else if (byte === QUOTE) this.#inString = true;
  }

  /**
   * Scans the value being captured from `i`: returns the index just after its end, or -1 when the
   * chunk ends first. A primitive ends before the delimiter that follows it.
   */
  #scanValue(chunk: Buffer, from: number): number {
    let i = from;
    while (i < chunk.length) {
      if (this.#inString) {
        const end = this.#skipString(chunk, i);
        if (end === -1) return -1;
        i = end;
        if (this.#depth === 0) return i;
        continue;
      }
      const byte = chunk[i] ?? 0;
      if (this.#primitive) {
        if (isSpace(byte) || byte === COMMA || byte === CLOSE_BRACE || byte === CLOSE_BRACKET) return i;
      } else if (byte === QUOTE) {
        this.#inString = true;
      } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        this.#depth++;
        if (this.#outerDepth + this.#depth > MAX_JSON_DEPTH) throw tooDeepError();
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        this.#depth--;
        if (this.#depth === 0) return i + 1;
      }
      i++;
    }
    return -1;
  }

  /** Inside a string from `i`: the index after its closing quote, or -1 when the chunk ends first. */
  #skipString(chunk: Buffer, from: number): number {
    let i = from;
    while (i < chunk.length) {
      if (this.#escape) {
        this.#escape = false;
        i++;
        continue;
      }
      const quote = chunk.indexOf(QUOTE, i);
      const stop = quote === -1 ? chunk.length : quote;
      let backslashes = 0;
      for (let k = stop - 1; k >= i && chunk[k] === BACKSLASH; k--) backslashes++;
      if (quote === -1) {
        this.#escape = backslashes % 2 === 1;
        return -1;
      }
      i = quote + 1;
      if (backslashes % 2 === 0) {
        this.#inString = false;
        return i;
      }
    }
    return -1;
  }

  #finishValue(): { element: boolean; value: unknown } {
    const text = (this.#pieces.length === 1 ? this.#pieces[0]! : Buffer.concat(this.#pieces)).toString("utf8");
    this.#pieces = [];
    const capturing = this.#capturing;
    let value: unknown;
    try {
      value = parseWellFormedJson(text);
    } catch (error) {
      if (error instanceof BadRequestError) throw error;
      const where = capturing === "element" ? `data[${this.#elements}]` : capturing === "key" ? "a member name" : `member ${this.#key}`;
      throw this.#malformed(`${where} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (capturing === "key") {
      this.#key = String(value);
      this.#state = "colon";
      return { element: false, value };
    }
    if (capturing === "element") {
      this.#elements++;
      this.#state = "afterElement";
      return { element: true, value };
    }
    this.members.set(this.#key, value);
    this.#state = "afterValue";
    return { element: false, value };
  }

  #malformed(details: string): BadRequestError {
    return new BadRequestError(ErrorCode.MALFORMED_BODY, "Malformed JSON.", `The request body is not a folder export ({"data": [...]}): ${details}.`);
  }
}

/**
 * The elements of `data` of a JSON document read from `chunks`, one at a time as they complete.
 * Throws 400 for malformed JSON or a document without a data array.
 */
export async function* jsonDataEntries(chunks: AsyncIterable<Buffer>): AsyncGenerator<unknown> {
  const scanner = new JsonDataScanner();
  for await (const chunk of chunks) yield* scanner.write(chunk);
  scanner.end();
}
