import { describe, expect, it } from "vitest";
import { parseStatusTerms } from "./status-filter";

describe("parseStatusTerms", () => {
  it.each([
    { values: ["1900"], terms: [{ from: 1900, to: 1900 }] },
    { values: ["1800-1899", "1550"], terms: [{ from: 1800, to: 1899 }, { from: 1550, to: 1550 }] },
    { values: ["ANY_OK"], terms: [{ from: 1900, to: 1999 }] },
    { values: ["any_blocked"], terms: [{ from: 1560, to: 1560 }, { from: 1562, to: 1562 }] },
  ])("$values", ({ values, terms }) => {
    expect(parseStatusTerms(values)).toEqual({ terms });
  });

  it.each([["19"], ["1900-1800"], ["ANY_THING"], ["1900;drop"]])("refuses %s", (value) => {
    expect(parseStatusTerms([value])).toEqual({ invalid: value });
  });
});
