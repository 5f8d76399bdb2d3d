/**
 * Execution types and the object types they come from. Kept apart from the zod schemas so that
 * code needing only these names (the console's first page) does not load zod.
 */

/** Execution types of OutExecution.type. */
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

/** Object type → execution type, for the object types that can be executed. */
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
