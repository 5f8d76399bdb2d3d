import { describe, expect, it } from "vitest";
import { ancestorsOf, childFolders, displayFolder, folderUrl, joinFolder, normaliseFolder } from "./folder-path";

describe("folder paths", () => {
  it("reads both separators and any case into the engine's form", () => {
    expect(normaliseFolder("\\nightly\\Load\\")).toBe("NIGHTLY/LOAD");
    expect(normaliseFolder("./a/b")).toBe("A/B");
    expect(normaliseFolder("\\")).toBe("");
    expect(displayFolder("NIGHTLY/LOAD")).toBe("\\NIGHTLY\\LOAD");
    expect(displayFolder("")).toBe("\\");
    expect(joinFolder("", "A")).toBe("A");
    expect(joinFolder("A", "")).toBe("A");
    expect(joinFolder("A", "b/c")).toBe("A/B/C");
    expect(ancestorsOf("A/B")).toEqual(["", "A", "A/B"]);
    expect(folderUrl("\\OPS\\N#1")).toBe("/objects?folder=OPS%2FN%231");
    expect(folderUrl("")).toBe("/objects");
  });

  it("lists the folders right below a folder once, from folders deeper down", () => {
    const below = ["\\OPS", "\\OPS\\NIGHTLY\\LOAD", "\\OPS\\NIGHTLY", "\\OPS\\DAILY", "\\OTHER", "\\OPSX"];
    expect(childFolders("OPS", below)).toEqual(["OPS/DAILY", "OPS/NIGHTLY"]);
    expect(childFolders("", below)).toEqual(["OPS", "OPSX", "OTHER"]);
    expect(childFolders("OPS/NIGHTLY/LOAD", below)).toEqual([]);
  });
});
