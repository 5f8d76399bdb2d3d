import { describe, expect, it } from "vitest";
import { chosenTab, defaultTab, tabsFor } from "./object-tabs";

describe("object tabs", () => {
  it("offers the workflow drawing for workflows only and runs for what can run", () => {
    expect(tabsFor("JOBP")).toEqual(["definition", "workflow", "runs", "json", "edit", "usage"]);
    expect(tabsFor("JOBS")).toEqual(["definition", "runs", "json", "edit", "usage"]);
    expect(tabsFor("CALE")).toEqual(["definition", "json", "edit", "usage"]);
  });

  it("opens a workflow on its graph and any other object on its definition, also for a tab it does not have", () => {
    expect(defaultTab("JOBP")).toBe("workflow");
    expect(chosenTab(null, "JOBP")).toBe("workflow");
    expect(chosenTab(null, "JOBS")).toBe("definition");
    expect(chosenTab("workflow", "JOBS")).toBe("definition");
    expect(chosenTab("runs", "VARA")).toBe("definition");
    expect(chosenTab("runs", "JOBS")).toBe("runs");
    expect(chosenTab("usage", "JOBS")).toBe("usage");
    expect(chosenTab("attributes", "JOBP")).toBe("definition");
  });
});
