import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatTable, writeResults } from "./report";
import type { ResultRow } from "./result";

const rows: ResultRow[] = [
  { id: "forecast", metric: "ms", subject: 29.1, baseline: 1.02, ratio: 0.04, target: "<= 50 ms", ok: true },
  { id: "forecast-ert", metric: "ms", subject: 866.17, baseline: 394.5, ratio: 0.46, target: ">= 0.8x baseline", ok: false },
  { id: "forecast-ert-recompute", metric: "ms", subject: 1073.3, baseline: 221.36, ratio: 0.21, target: "(reported)", ok: true },
];

describe("formatTable", () => {
  it("aligns the columns, numbers to the right with two decimals; a reported row is neither met nor missed", () => {
    expect(formatTable(rows).split("\n")).toEqual([
      "id                      metric  subject  baseline  ratio  target            ok",
      "----------------------  ------  -------  --------  -----  ----------------  ---",
      "forecast                ms        29.10      1.02   0.04  <= 50 ms          yes",
      "forecast-ert            ms       866.17    394.50   0.46  >= 0.8x baseline  NO",
      "forecast-ert-recompute  ms      1073.30    221.36   0.21  (reported)        -",
    ]);
  });
});

describe("writeResults", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it("creates the directory and writes 2-space JSON ending in a newline", () => {
    dir = mkdtempSync(join(tmpdir(), "baton-bench-test-"));
    const file = join(dir, "results", "latest.json");
    writeResults(file, rows);
    const text = readFileSync(file, "utf8");
    expect(text.endsWith("}\n]\n")).toBe(true);
    expect(text).toContain('\n  {\n    "id": "forecast",\n');
    expect(JSON.parse(text)).toEqual(rows);
  });
});
