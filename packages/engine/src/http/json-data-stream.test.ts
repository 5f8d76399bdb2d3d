import { ErrorCode } from "@baton/contract";
import { describe, expect, it } from "vitest";
import { BadRequestError, ValidationError } from "../domain/errors";
import { JsonDataScanner } from "./json-data-stream";
import { MAX_JSON_DEPTH } from "./json-depth";

/** Feeds `text` to a scanner in chunks of the given sizes (cycled) and returns the elements. */
function scan(text: string | Buffer, sizes: number[] = [text.length]): unknown[] {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text, "utf8");
  const scanner = new JsonDataScanner();
  const elements: unknown[] = [];
  for (let at = 0, n = 0; at < bytes.length; n++) {
    const size = Math.max(1, sizes[n % sizes.length] ?? 1);
    elements.push(...scanner.write(bytes.subarray(at, at + size)));
    at += size;
  }
  expect(scanner.end()).toBe(elements.length);
  return elements;
}

const tricky = {
  warnings: { access_denied: ["A"], unresolved_external_references: [] },
  data: [
    { jobs: { general_attributes: { name: "A" }, scripts: [{ process: ['echo "quoted" \\ back\\\\slash', "{[not structure]}", "ünï€ode 𝄞"] }] }, path: "" },
    { fold: { general_attributes: { name: "B\\" } }, path: "X/Y" },
    [1, [2, { three: "]}" }]],
    "a string element with \\\" escaped quote",
    42,
    true,
    null,
    { empty: {}, list: [] },
  ],
  total: 8,
};

describe("JsonDataScanner", () => {
  const text = JSON.stringify(tricky, null, 1);

  it("yields each element of data as JSON.parse reads it, whatever the chunking", () => {
    for (const sizes of [[text.length], [1], [2], [3], [7], [64], [1, 5, 2, 13]]) {
      expect(scan(text, sizes)).toEqual(tricky.data);
    }
  });

  it("splits at every byte, also inside escapes and multi-byte characters", () => {
    const bytes = Buffer.from(text, "utf8");
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(scan(bytes, [cut, bytes.length])).toEqual(tricky.data);
    }
  });

  it("keeps the other top-level members and accepts a byte order mark", () => {
    const scanner = new JsonDataScanner();
    scanner.write(Buffer.concat([Buffer.of(0xef, 0xbb, 0xbf), Buffer.from('{"total": 0, "data": [], "note": "x"}')]));
    expect(scanner.end()).toBe(0);
    expect(Object.fromEntries(scanner.members)).toEqual({ total: 0, note: "x" });
  });

  it.each([
    ["an empty body", ""],
    ["a body that is not an object", "[1]"],
    ["a document that ends early", '{"data": [{"a": 1}'],
    ["a broken element", '{"data": [{"a": 1,}]}'],
    ["a missing comma", '{"data": [{"a": 1} {"b": 2}]}'],
    ["content after the end", '{"data": []} x'],
    ["data twice", '{"data": [], "data": []}'],
    ["a member without colon", '{"data" []}'],
  ])("refuses %s as malformed JSON", (_, body) => {
    expect(() => scan(body, [3])).toThrow(BadRequestError);
  });

  it.each([
    ["without data", '{"total": 1}'],
    ["with data that is no array", '{"data": {"jobs": {}}}'],
  ])("refuses a document %s at path data", (_, body) => {
    try {
      scan(body);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect(error instanceof ValidationError && error.issues[0]).toMatchObject({ code: ErrorCode.INVALID_REQUEST, path: "data" });
    }
  });

  it("refuses an element or member nested deeper than the limit while scanning it, counting the document's own levels", () => {
    const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
    // The document's object and its data array are two levels: an element may nest 62 more.
    expect(scan(`{"data": [${deep(MAX_JSON_DEPTH - 2)}]}`)).toHaveLength(1);
    expect(() => scan(`{"data": [${deep(MAX_JSON_DEPTH - 1)}]}`, [5])).toThrow("JSON nested too deep.");
    expect(() => scan(`{"note": ${deep(MAX_JSON_DEPTH)}, "data": []}`, [5])).toThrow("JSON nested too deep.");
    const scanner = new JsonDataScanner();
    // The 6,000 levels are refused at level 65: the rest is never read.
    expect(() => scanner.write(Buffer.from(`{"data": [${deep(6000)}]}`))).toThrow(BadRequestError);
  });
});
