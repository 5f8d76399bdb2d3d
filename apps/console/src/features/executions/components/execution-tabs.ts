import type { OutExecution } from "@baton/contract";
import { hasChildren } from "./tree-rows";

export type DetailTab = "tasks" | "graph" | "gantt" | "reports" | "comments" | "variables";

export const TAB_LABELS: Record<DetailTab, string> = {
  tasks: "Tasks",
  graph: "Graph",
  gantt: "Gantt",
  reports: "Reports",
  comments: "Comments",
  variables: "Variables",
};

/** The tabs an execution has: tasks for containers, the ERT graph and the run's Gantt for workflows, then what every execution has. */
export function tabsFor(execution: Pick<OutExecution, "type">): DetailTab[] {
  const tabs: DetailTab[] = [];
  if (hasChildren(execution)) tabs.push("tasks");
  if (execution.type === "JOBP") tabs.push("graph", "gantt");
  tabs.push("reports", "comments", "variables");
  return tabs;
}

/** `?tab=` of the URL when the execution has that tab, else its first: tasks for containers, reports for the rest. */
export function selectedTab(execution: Pick<OutExecution, "type">, requested: string | null): DetailTab {
  const tabs = tabsFor(execution);
  return tabs.find((tab) => tab === requested) ?? tabs[0] ?? "reports";
}
