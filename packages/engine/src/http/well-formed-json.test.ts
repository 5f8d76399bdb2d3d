import { describe, expect, it } from "vitest";
import { BadRequestError } from "../domain/errors";
import { parseWellFormedJson } from "./well-formed-json";

describe("parseWellFormedJson", () => {
  it("reads whole surrogate pairs, escaped or not, and escaped backslashes before u", () => {
    expect(parseWellFormedJson(String.raw`{"a": "\ud83d\ude00 😀", "\ud83d\ude00": 1}`)).toEqual({ a: "😀 😀", "😀": 1 });
    expect(parseWellFormedJson(String.raw`["\\ud800"]`)).toEqual(["\\ud800"]);
  });

  it.each([
    ["a lone high half", String.raw`{"comment": "\ud800"}`],
    ["a lone low half", String.raw`["x\uDC00y"]`],
    ["a high half before another high half", String.raw`{"a": ["\ud83d\ud83d"]}`],
    ["a lone half in a member name", String.raw`{"\udfff": 1}`],
  ])("refuses %s with 400", (_, text) => {
    let refused: unknown;
    try {
      parseWellFormedJson(text);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((refused as BadRequestError).details).toContain("surrogate");
  });
});
