import { describe, expect, it } from "vitest";
import { selectedTab, tabsFor } from "./execution-tabs";

describe("tabsFor / selectedTab", () => {
  it("gives workflows tasks, graph and Gantt, other containers tasks, everything reports, comments and variables", () => {
    expect(tabsFor({ type: "JOBP" })).toEqual(["tasks", "graph", "gantt", "reports", "comments", "variables"]);
    expect(tabsFor({ type: "JSCH" })).toEqual(["tasks", "reports", "comments", "variables"]);
    expect(tabsFor({ type: "JOBS" })).toEqual(["reports", "comments", "variables"]);
  });

  it("opens the tab the URL names when the execution has it, else its first", () => {
    expect(selectedTab({ type: "JOBP" }, "graph")).toBe("graph");
    expect(selectedTab({ type: "JOBP" }, "gantt")).toBe("gantt");
    expect(selectedTab({ type: "JOBS" }, "gantt")).toBe("reports");
    expect(selectedTab({ type: "JOBS" }, "graph")).toBe("reports");
    expect(selectedTab({ type: "JOBP" }, null)).toBe("tasks");
    expect(selectedTab({ type: "JOBS" }, "nonsense")).toBe("reports");
  });
});
