export const OBJECT_TABS = ["attributes", "json", "edit", "workflow", "usage"] as const;
export type ObjectTab = (typeof OBJECT_TABS)[number];

export const TAB_LABELS: Record<ObjectTab, string> = { attributes: "Attributes", json: "JSON", edit: "Edit", workflow: "Workflow", usage: "Usage" };

/** The tabs an object of `type` has: the workflow drawing only for workflows (JOBP). */
export function tabsFor(type: string): ObjectTab[] {
  return OBJECT_TABS.filter((tab) => tab !== "workflow" || type === "JOBP");
}

/** `?tab=` as asked when this object has it, else the first tab (a stale link still opens the object). */
export function chosenTab(asked: string | null, type: string): ObjectTab {
  return tabsFor(type).find((tab) => tab === asked) ?? "attributes";
}
