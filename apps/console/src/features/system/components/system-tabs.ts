/** The System screens, each at /system/{path}; the first is where /system leads. */
export const SYSTEM_TABS = [
  { path: "health", label: "Health" },
  { path: "metrics", label: "Metrics" },
  { path: "agents", label: "Agents" },
  { path: "agentgroups", label: "Agent groups" },
  { path: "clients", label: "Clients" },
  { path: "features", label: "Features" },
  { path: "certificates", label: "Certificates" },
  { path: "ra-solutions", label: "RA solutions" },
] as const;
export type SystemTab = (typeof SYSTEM_TABS)[number]["path"];

/** The tab a location shows, from `/system/{path}` and anything below it; false outside the tabs. */
export function systemTabOf(pathname: string): SystemTab | false {
  const [, area, path] = pathname.split("/");
  if (area !== "system") return false;
  return SYSTEM_TABS.find((tab) => tab.path === path)?.path ?? false;
}
