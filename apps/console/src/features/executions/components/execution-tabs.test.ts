import { describe, expect, it } from "vitest";
import { selectedTab, tabsFor } from "./execution-tabs";

describe("tabsFor / selectedTab", () => {
  it("gives workflows tasks and graph, other containers tasks, everything reports, comments and variables", () => {
    expect(tabsFor({ type: "Workflow" })).toEqual(["tasks", "graph", "reports", "comments", "variables"]);
    expect(tabsFor({ type: "Schedule" })).toEqual(["tasks", "reports", "comments", "variables"]);
    expect(tabsFor({ type: "Job" })).toEqual(["reports", "comments", "variables"]);
  });

  it("opens the tab the URL names when the execution has it, else its first", () => {
    expect(selectedTab({ type: "Workflow" }, "graph")).toBe("graph");
    expect(selectedTab({ type: "Job" }, "graph")).toBe("reports");
    expect(selectedTab({ type: "Workflow" }, null)).toBe("tasks");
    expect(selectedTab({ type: "Job" }, "nonsense")).toBe("reports");
  });
});
