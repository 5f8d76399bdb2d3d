import { describe, expect, it } from "vitest";
import { chosenTab, tabsFor } from "./object-tabs";

describe("object tabs", () => {
  it("offers the workflow drawing for workflows only and falls back to the attributes", () => {
    expect(tabsFor("JOBP")).toContain("workflow");
    expect(tabsFor("JOBS")).not.toContain("workflow");
    expect(chosenTab("workflow", "JOBS")).toBe("attributes");
    expect(chosenTab("usage", "JOBS")).toBe("usage");
    expect(chosenTab(null, "JOBP")).toBe("attributes");
  });
});
