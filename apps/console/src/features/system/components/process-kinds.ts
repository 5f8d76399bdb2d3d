import type { OutHealthCheck } from "@baton/contract";

export type ProcessKey = "pwp" | "wp" | "jwp" | "jcp" | "rest" | "cp";

export interface ProcessKind {
  key: ProcessKey;
  code: string;
  name: string;
  /** What the process does for the engine, so an operator knows what a DOWN stops. */
  role: string;
  /** The engine is UP only while each required kind runs. */
  required: boolean;
}

/** The process kinds of the health check, in the order shown. */
export const PROCESS_KINDS: readonly ProcessKind[] = [
  { key: "pwp", code: "PWP", name: "Primary work process", role: "Schedules and starts executions.", required: true },
  { key: "cp", code: "CP", name: "Communication process", role: "Takes the agents' connections.", required: true },
  { key: "jwp", code: "JWP", name: "Java work process", role: "Handles object definitions and the database.", required: true },
  { key: "wp", code: "WP", name: "Work process", role: "Carries out the engine's work.", required: false },
  { key: "jcp", code: "JCP", name: "Java communication process", role: "Connects the API to the engine.", required: false },
  { key: "rest", code: "REST", name: "REST process", role: "Answers the REST API.", required: false },
];

/** The codes of the required kinds that are DOWN: why the engine is DOWN, in the order shown. */
export function missingProcesses(health: OutHealthCheck): string[] {
  return PROCESS_KINDS.filter((kind) => kind.required && health[kind.key].status === "DOWN").map((kind) => kind.code);
}
