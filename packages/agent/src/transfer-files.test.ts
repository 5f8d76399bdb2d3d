import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { matchesFilePattern, transferFiles } from "./transfer-files";

describe("transferFiles", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "baton-transfer-"));
    mkdirSync(join(root, "in"));
    mkdirSync(join(root, "out"));
    writeFileSync(join(root, "in", "a.csv"), "1,2,3\n");
    writeFileSync(join(root, "in", "b.csv"), "é\n");
    writeFileSync(join(root, "in", "c.txt"), "skip me");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("copies the matching files into a directory with their byte counts", async () => {
    const result = await transferFiles({ run_id: 1, source_path: join(root, "in", "*.csv"), destination_path: `${join(root, "out")}/`, overwrite: false });
    expect(result).toEqual({
      run_id: 1,
      files: [
        { source: join(root, "in", "a.csv"), destination: join(root, "out", "a.csv"), bytes: 6, outcome: "copied" },
        { source: join(root, "in", "b.csv"), destination: join(root, "out", "b.csv"), bytes: 3, outcome: "copied" },
      ],
    });
    expect(readFileSync(join(root, "out", "b.csv"), "utf8")).toBe("é\n");
  });

  it("does not replace an existing file unless overwrite is on", async () => {
    writeFileSync(join(root, "out", "a.csv"), "old");
    const kept = await transferFiles({ run_id: 2, source_path: join(root, "in", "a.csv"), destination_path: join(root, "out"), overwrite: false });
    expect(kept.files[0]).toMatchObject({ outcome: "failed", message: "the destination exists and overwrite is off" });
    expect(readFileSync(join(root, "out", "a.csv"), "utf8")).toBe("old");
    const replaced = await transferFiles({ run_id: 3, source_path: join(root, "in", "a.csv"), destination_path: join(root, "out"), overwrite: true });
    expect(replaced.files[0]).toMatchObject({ outcome: "copied", bytes: 6 });
  });

  it.each([
    ["a missing source directory", () => ({ source_path: join(root, "nope", "*.csv"), destination_path: join(root, "out") }), /cannot read/],
    ["several files to one file", () => ({ source_path: join(root, "in", "*.csv"), destination_path: join(root, "out", "one.csv") }), /single file/],
    ["a relative path", () => ({ source_path: "in/*.csv", destination_path: join(root, "out") }), /absolute/],
  ])("reports %s", async (_, paths, error) => {
    const result = await transferFiles({ run_id: 4, overwrite: false, ...paths() });
    expect(result.error).toMatch(error);
    expect(result.files).toEqual([]);
  });

  it("copies one file to a new file name", async () => {
    const result = await transferFiles({ run_id: 5, source_path: join(root, "in", "c.txt"), destination_path: join(root, "out", "renamed.txt"), overwrite: false });
    expect(result.files).toEqual([{ source: join(root, "in", "c.txt"), destination: join(root, "out", "renamed.txt"), bytes: 7, outcome: "copied" }]);
  });
});

describe("matchesFilePattern", () => {
  it.each([
    ["a.csv", "*.csv", true],
    ["a.csv", "?.csv", true],
    ["ab.csv", "?.csv", false],
    ["a.csvx", "*.csv", false],
    ["a+b.csv", "a+b.csv", true],
  ])("%s ~ %s: %s", (name, pattern, matches) => {
    expect(matchesFilePattern(name, pattern)).toBe(matches);
  });
});
