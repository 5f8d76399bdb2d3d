import { describe, expect, it } from "vitest";
import { varaRows, withVaraRow } from "./static-variables";

const vara = { general_attributes: { name: "VARA.X" }, static_values: [{ key: "A", value1: "1", value2: 2, extra: "kept" }] };

describe("static VARA rows", () => {
  it("reads rows with five value columns", () => {
    expect(varaRows(vara)).toEqual([{ key: "A", values: ["1", "2", "", "", ""] }]);
    expect(varaRows({ general_attributes: { name: "V" } })).toEqual([]);
  });

  it("replaces a row by key, case-insensitively, keeping unknown members", () => {
    const next = withVaraRow(vara, "a", ["x"]);
    expect(next["static_values"]).toEqual([{ key: "A", value1: "x", value2: 2, extra: "kept" }]);
  });

  it("appends a new row", () => {
    expect(varaRows(withVaraRow(vara, "B", ["b1", "b2"]))).toEqual([
      { key: "A", values: ["1", "2", "", "", ""] },
      { key: "B", values: ["b1", "b2", "", "", ""] },
    ]);
  });
});
