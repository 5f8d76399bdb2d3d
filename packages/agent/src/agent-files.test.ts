import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isDirectory, listFiles, matchesFilePattern, readFile, writeFile } from "./agent-files";

describe("agent files", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "baton-files-"));
    mkdirSync(join(root, "in"));
    mkdirSync(join(root, "in", "sub.csv"));
    writeFileSync(join(root, "in", "b.csv"), "é\n");
    writeFileSync(join(root, "in", "a.csv"), "1,2,3\n");
    writeFileSync(join(root, "in", "c.txt"), "skip me");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("lists the regular files a pattern matches, sorted, with size and modification time", async () => {
    const listing = await listFiles(join(root, "in", "*.csv"));
    expect(listing.error).toBeUndefined();
    expect(listing.files.map((f) => [f.path, f.size])).toEqual([
      [join(root, "in", "a.csv"), 6],
      [join(root, "in", "b.csv"), 3],
    ]);
    expect(listing.files[0]?.modified_ms).toBeGreaterThan(0);
  });

  it("says why a directory cannot be listed and refuses relative patterns", async () => {
    expect((await listFiles(join(root, "missing", "*"))).error).toMatch(/cannot read/);
    expect((await listFiles("in/*.csv")).error).toMatch(/not an absolute path/);
  });

  it("writes a streamed file whole, and keeps an existing one without overwrite", async () => {
    const target = join(root, "out.csv");
    expect(await writeFile(target, readFile(join(root, "in", "b.csv")), false)).toBe(3);
    expect(readFileSync(target, "utf8")).toBe("é\n");
    await expect(writeFile(target, readFile(join(root, "in", "a.csv")), false)).rejects.toThrow("the destination exists and overwrite is off");
    expect(readFileSync(target, "utf8")).toBe("é\n");
    expect(await writeFile(target, readFile(join(root, "in", "a.csv")), true)).toBe(6);
    expect(readFileSync(target, "utf8")).toBe("1,2,3\n");
    // No temporary file is left beside the target.
    expect(readdirSync(root).sort()).toEqual(["in", "out.csv"]);
  });

  it("leaves nothing behind when the source cannot be read", async () => {
    await expect(writeFile(join(root, "x.csv"), readFile(join(root, "in", "nope.csv")), false)).rejects.toThrow(/ENOENT|no such file/);
    expect(readdirSync(root)).toEqual(["in"]);
  });

  it("tells directories from files", async () => {
    expect(await isDirectory(join(root, "in"))).toBe(true);
    expect(await isDirectory(join(root, "in", "a.csv"))).toBe(false);
    expect(await isDirectory(join(root, "none"))).toBe(false);
  });

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
