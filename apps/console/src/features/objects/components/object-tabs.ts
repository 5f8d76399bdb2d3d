import { isExecutable } from "../api/object-file";

export const OBJECT_TABS = ["definition", "workflow", "runs", "json", "edit", "usage"] as const;
export type ObjectTab = (typeof OBJECT_TABS)[number];

export const TAB_LABELS: Record<ObjectTab, string> = { definition: "Definition", workflow: "Workflow", runs: "Runs", json: "JSON", edit: "Edit", usage: "Usage" };

/** The tabs an object of `type` has: the workflow drawing only for workflows (JOBP), runs only for what can run. */
export function tabsFor(type: string): ObjectTab[] {
  return OBJECT_TABS.filter((tab) => (tab !== "workflow" || type === "JOBP") && (tab !== "runs" || isExecutable(type)));
}

/** What opens without `?tab=`: a workflow's graph, any other object's definition. */
export function defaultTab(type: string): ObjectTab {
  return type === "JOBP" ? "workflow" : "definition";
}

/**
 * `?tab=` as asked when this object has it, else its default tab (a stale link still opens the
 * object); `attributes`, the definition's earlier name, still opens it.
 */
export function chosenTab(asked: string | null, type: string): ObjectTab {
  const wanted = asked === "attributes" ? "definition" : asked;
  return tabsFor(type).find((tab) => tab === wanted) ?? defaultTab(type);
}
