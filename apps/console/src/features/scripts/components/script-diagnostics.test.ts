import { describe, expect, it } from "vitest";
import { Text } from "@codemirror/state";
import { offsetOf, toDiagnostics } from "./script-diagnostics";

const doc = Text.of([":SET &A# = 1", ":SETT &X# = 1", ""]);

describe("script diagnostics", () => {
  it("marks from the column to the end of the line", () => {
    const [diagnostic] = toDiagnostics(doc, [{ line: 2, column: 1, message: "unknown statement" }]);
    expect(diagnostic).toMatchObject({ from: 13, to: 26, severity: "error", message: "unknown statement" });
    expect(doc.sliceString(diagnostic?.from ?? 0, diagnostic?.to ?? 0)).toBe(":SETT &X# = 1");
  });

  it("marks the last character for an error at the end of a line and stays inside the document", () => {
    expect(toDiagnostics(doc, [{ line: 1, column: 13, message: "x" }])[0]).toMatchObject({ from: 11, to: 12 });
    expect(toDiagnostics(doc, [{ line: 9, column: 4, message: "x" }])[0]).toMatchObject({ from: 27, to: 27 });
    expect(offsetOf(doc, 2, 99)).toBe(26);
    expect(offsetOf(doc, 0, 0)).toBe(0);
  });
});
