/** A screen of the console that quick-open can go to. */
export interface Screen {
  label: string;
  path: string;
  /** Where it sits, said after the label ("System › Health"). */
  place: string;
  /** Other words operators use for it (the vendor's names, what it shows). */
  keywords: readonly string[];
}

/** Every screen with a URL of its own, in the order the navigation shows them. */
export const SCREENS: readonly Screen[] = [
  { label: "Executions", path: "/executions", place: "Executions", keywords: ["runs", "tasks", "process monitoring", "activities"] },
  { label: "Inbox", path: "/notifications", place: "Inbox", keywords: ["notifications", "messages", "requests"] },
  { label: "Objects", path: "/objects", place: "Objects", keywords: ["folders", "explorer", "import", "export"] },
  { label: "Search", path: "/search", place: "Search", keywords: ["advanced search", "find", "filters"] },
  { label: "Forecasts", path: "/forecasts", place: "Forecasts", keywords: ["forecast", "gantt", "estimates", "plan"] },
  { label: "Agent gaps", path: "/forecasts/agents", place: "Forecasts › Agent gaps", keywords: ["idle", "free time", "maintenance window"] },
  { label: "Repository", path: "/repository", place: "Repository", keywords: ["git", "branches", "commit", "merge", "version control"] },
  { label: "Scripts", path: "/scripts", place: "Scripts", keywords: ["script", "editor", "run a script"] },
  { label: "Health", path: "/system/health", place: "System › Health", keywords: ["system", "status", "work processes", "pwp"] },
  { label: "Metrics", path: "/system/metrics", place: "System › Metrics", keywords: ["charts", "throughput", "statistics"] },
  { label: "Agents", path: "/system/agents", place: "System › Agents", keywords: ["hosts", "heartbeat", "agent"] },
  { label: "Agent groups", path: "/system/agentgroups", place: "System › Agent groups", keywords: ["hostg", "host groups"] },
  { label: "Clients", path: "/system/clients", place: "System › Clients", keywords: ["tenants", "client"] },
  { label: "Features", path: "/system/features", place: "System › Features", keywords: ["licences", "capabilities"] },
  { label: "Certificates", path: "/system/certificates", place: "System › Certificates", keywords: ["tls", "ssl"] },
  { label: "RA solutions", path: "/system/ra-solutions", place: "System › RA solutions", keywords: ["rapid automation", "packs"] },
  { label: "API explorer", path: "/api-explorer", place: "API", keywords: ["rest", "openapi", "operations", "api"] },
];
