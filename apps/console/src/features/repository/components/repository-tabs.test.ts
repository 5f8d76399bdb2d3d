import { describe, expect, it } from "vitest";
import { chosenTab } from "./repository-tabs";

describe("chosenTab", () => {
  it("opens the tab the URL names", () => expect(chosenTab("merge")).toBe("merge"));
  it("opens the changes without or with an unknown tab", () => {
    expect(chosenTab(null)).toBe("changes");
    expect(chosenTab("history")).toBe("changes");
  });
});
