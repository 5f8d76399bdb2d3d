import { describe, expect, it } from "vitest";
import { byNameRank, nameRank, rankScreens } from "./quick-open-ranking";
import { SCREENS } from "./screens";

describe("nameRank", () => {
  it.each([
    ["EXTRACT", "extract", 0],
    ["EXTRACT.DAILY", "extract", 1],
    ["DAILY.EXTRACT", "EXTRACT", 2],
    ["DAILY.REEXTRACT.EXTRACT_1", "EXTRACT", 2],
    ["REEXTRACT", "EXTRACT", 3],
    ["NEXT.JOB", "NE?T*", 4],
  ])("%s for %j ranks %i", (name, typed, rank) => expect(nameRank(name, typed)).toBe(rank));
});

describe("byNameRank", () => {
  it("puts the name itself first, then names that start with it, words that start with it, the rest; shorter names first", () => {
    const names = ["PRE.REEXTRACT", "LOAD.EXTRACT.ORDERS", "EXTRACT.X", "EXTRACT", "B.EXTRACT", "REEXTRACT"];
    expect(byNameRank(names, (name) => name, "Extract")).toEqual(["EXTRACT", "EXTRACT.X", "B.EXTRACT", "LOAD.EXTRACT.ORDERS", "REEXTRACT", "PRE.REEXTRACT"]);
  });
});

describe("rankScreens", () => {
  const labels = (typed: string) => rankScreens(SCREENS, typed).map((screen) => screen.label);

  it("lists every screen for no text, in the navigation's order", () => {
    expect(labels("  ")).toEqual(SCREENS.map((screen) => screen.label));
  });

  it("puts the label itself first, then labels and words that start with the text", () => {
    expect(labels("agents")).toEqual(["Agents"]);
    expect(labels("Agent")).toEqual(["Agent gaps", "Agents", "Agent groups"]);
    expect(labels("gro")).toEqual(["Agent groups"]);
    expect(labels("exec")).toEqual(["Executions"]);
  });

  it("finds a screen by a word it is also known by, after those found by label", () => {
    expect(labels("git")).toEqual(["Repository"]);
    expect(labels("health")).toEqual(["Health"]);
    expect(labels("s")[0]).toBe("Search");
    expect(labels("runs")).toEqual(["Executions"]);
    expect(labels("xyzzy")).toEqual([]);
  });
});
