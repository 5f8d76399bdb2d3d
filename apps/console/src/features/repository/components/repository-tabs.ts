export const REPOSITORY_TABS = ["changes", "log", "branches", "merge"] as const;
export type RepositoryTab = (typeof REPOSITORY_TABS)[number];

export const TAB_LABELS: Record<RepositoryTab, string> = { changes: "Changes", log: "Log", branches: "Branches", merge: "Merge" };

/** `?tab=` when it names a tab, else the uncommitted changes (a stale link still opens the screen). */
export function chosenTab(asked: string | null): RepositoryTab {
  return REPOSITORY_TABS.find((tab) => tab === asked) ?? "changes";
}
