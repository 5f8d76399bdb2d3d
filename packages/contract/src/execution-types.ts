/**
 * Execution types and the object types they come from. Kept apart from the zod schemas so that
 * code needing only these names (the console's first page) does not load zod.
 *
 * OutExecution.type carries the object type code (`JOBS`, `JOBP`, `C_PERIOD`), as the vendor's
 * answers do; the names (`Job`, `Workflow`) are what the spec's summary calls them, for people
 * and for the `type` filter, which takes both (docs/decisions.md, "Vendor wire behaviour").
 */

/** Execution type names of the spec's summary. */
export const EXECUTION_TYPES = [
  "AgentGroup Container",
  "CallAPI",
  "Cockpit",
  "Dynamic Job",
  "Event",
  "FileTransfer",
  "Group",
  "Job",
  "Notification",
  "Period Container",
  "RemoteTaskManager",
  "Report",
  "Schedule",
  "Script",
  "Workflow",
] as const;
export type ExecutionType = (typeof EXECUTION_TYPES)[number];

/** Object type → execution type name, for the object types that can be executed. */
export const EXECUTION_TYPE_OF_OBJECT: Readonly<Record<string, ExecutionType>> = {
  JOBS: "Job",
  JOBP: "Workflow",
  JSCH: "Schedule",
  SCRI: "Script",
  EVNT: "Event",
  JOBF: "FileTransfer",
  CALL: "Notification",
  JOBG: "Group",
  JOBQ: "RemoteTaskManager",
  C_PERIOD: "Period Container",
};

/**
 * Type code → execution type name for every code the vendor's executions carry: the executable
 * object types and the containers and runs that have no object of their own.
 */
export const EXECUTION_TYPE_NAMES: Readonly<Record<string, ExecutionType>> = {
  ...EXECUTION_TYPE_OF_OBJECT,
  C_HOSTG: "AgentGroup Container",
  API: "CallAPI",
  CPIT: "Cockpit",
  JOBD: "Dynamic Job",
};

/** The name of an execution type code (`JOBP` → `Workflow`); the code itself when it has none. */
export function executionTypeName(code: string): string {
  return Object.hasOwn(EXECUTION_TYPE_NAMES, code) ? EXECUTION_TYPE_NAMES[code]! : code;
}
