/**
 * Execution status codes and their texts, as operators of workload-automation systems know them.
 * Source: reference/status-codes.md. Groups are what workflow conditions and filters use.
 */
export type StatusGroup =
  | "active"
  | "running"
  | "blocked"
  | "waiting"
  | "abend"
  | "fault"
  | "cancel"
  | "ok"
  | "inactive"
  | "skipped";

interface StatusDefinition {
  readonly text: string;
  readonly groups: readonly StatusGroup[];
}

export const STATUS_CODES = {
  1300: { text: "Preparing", groups: ["active"] },
  1510: { text: "Transferred", groups: ["active"] },
  1529: { text: "Ready for generation", groups: ["active"] },
  1530: { text: "Ready for start", groups: ["active"] },
  1540: { text: "Start initiated", groups: ["active"] },
  1545: { text: "Started", groups: ["active", "running"] },
  1550: { text: "Active", groups: ["active", "running"] },
  1551: { text: "Transferring", groups: ["active", "running"] },
  1560: { text: "Workflow is blocked", groups: ["blocked"] },
  1562: { text: "HELD - manual stop was set", groups: ["blocked"] },
  1571: { text: "Canceling", groups: ["active"] },
  1572: { text: "Generating", groups: ["active"] },
  1574: { text: "Post processing", groups: ["active"] },
  1575: { text: "Ending", groups: ["active"] },
  1684: { text: "Waiting for queue slot", groups: ["waiting"] },
  1685: { text: "Waiting for agent", groups: ["waiting"] },
  1688: { text: "Waiting for an agent of the agent group", groups: ["waiting"] },
  1693: { text: "Waiting for manual release", groups: ["waiting"] },
  1694: { text: "Waiting for resource (max. jobs exceeded)", groups: ["waiting"] },
  1695: { text: "Waiting for restart time", groups: ["waiting"] },
  1698: { text: "Waiting for start time", groups: ["waiting"] },
  1700: { text: "Waiting for predecessor", groups: ["waiting"] },
  1701: { text: "Sleeping", groups: ["active", "running"] },
  1709: { text: "Waiting for end of parallel task(s)", groups: ["waiting"] },
  1800: { text: "ENDED_NOT_OK - aborted", groups: ["abend"] },
  1802: { text: "ENDED_JP_ABEND - not executed because of abnormal workflow end", groups: ["abend"] },
  1810: { text: "ENDED_VANISHED - disappeared", groups: ["abend"] },
  1815: { text: "ENDED_LOST - ended undefined (host terminated prematurely)", groups: ["abend"] },
  1820: { text: "FAULT_OTHER - start impossible, other error", groups: ["abend", "fault"] },
  1821: { text: "FAULT_NO_HOST - start impossible, cannot reach host", groups: ["abend", "fault"] },
  1822: { text: "FAULT_ALREADY_RUNNING - task is already running", groups: ["abend", "fault"] },
  1823: { text: "FAULT_POST_PROCESSING - error in post processing", groups: ["abend"] },
  1850: { text: "ENDED_CANCEL - manually canceled", groups: ["abend", "cancel"] },
  1851: { text: "ENDED_JP_CANCEL - workflow canceled manually", groups: ["abend", "cancel"] },
  1856: { text: "ENDED_ESCALATED - aborted because of escalation", groups: ["abend"] },
  1900: { text: "ENDED_OK - ended normally", groups: ["ok"] },
  1910: { text: "ENDED_EMPTY - task is empty", groups: ["ok"] },
  1920: { text: "ENDED_INACTIVE - inactive today because of calendar", groups: ["ok", "inactive", "skipped"] },
  1921: { text: "ENDED_INACTIVE - task not active because of its definition", groups: ["ok", "inactive"] },
  1922: { text: "ENDED_INACTIVE - task was manually set inactive", groups: ["ok", "inactive", "skipped"] },
  1930: { text: "ENDED_SKIPPED - skipped because of a condition", groups: ["ok", "skipped"] },
  1940: { text: "ENDED_TIMEOUT - not executed because of timeout", groups: ["ok", "skipped"] },
  1941: { text: "ENDED_TIMEOUT - start time exceeded", groups: ["ok", "skipped"] },
  1942: { text: "ENDED_TIMEOUT - ended untimely", groups: ["ok", "skipped"] },
} as const satisfies Record<number, StatusDefinition>;

export type StatusCode = keyof typeof STATUS_CODES;

/** Named status codes the engine sets, so code reads `Status.ENDED_OK` rather than `1900`. */
export const Status = {
  PREPARING: 1300,
  READY_FOR_START: 1530,
  START_INITIATED: 1540,
  ACTIVE: 1550,
  BLOCKED: 1560,
  WAITING_FOR_QUEUE: 1684,
  WAITING_FOR_AGENT: 1685,
  WAITING_FOR_RESOURCE: 1694,
  WAITING_FOR_MANUAL_RELEASE: 1693,
  WAITING_FOR_START_TIME: 1698,
  WAITING_FOR_PREDECESSOR: 1700,
  ENDED_NOT_OK: 1800,
  ENDED_LOST: 1815,
  FAULT_OTHER: 1820,
  FAULT_NO_HOST: 1821,
  FAULT_ALREADY_RUNNING: 1822,
  FAULT_POST_PROCESSING: 1823,
  ENDED_CANCEL: 1850,
  ENDED_JP_CANCEL: 1851,
  ENDED_ESCALATED: 1856,
  ENDED_OK: 1900,
  ENDED_INACTIVE_BY_CALENDAR: 1920,
  ENDED_INACTIVE_BY_DEFINITION: 1921,
  ENDED_INACTIVE_MANUALLY: 1922,
  ENDED_SKIPPED: 1930,
  ENDED_START_TIME_EXCEEDED: 1941,
} as const satisfies Record<string, StatusCode>;

/** Named ranges of reference/status-codes.md as inclusive intervals, usable in the `status` filter. */
export const STATUS_RANGES: Readonly<Record<string, ReadonlyArray<readonly [number, number]>>> = {
  ANY_ACTIVE: [[1300, 1799]],
  ANY_WAITING: [[1682, 1710]],
  ANY_BLOCKED: [[1560, 1560], [1562, 1562]],
  ANY_ABEND: [[1800, 1899]],
  ANY_OK: [[1900, 1999]],
  ANY_SKIPPED: [[1920, 1920], [1922, 1922], [1930, 1930], [1940, 1942]],
  ENDED_OK_OR_EMPTY: [[1900, 1900], [1910, 1910]],
};

export function isStatusCode(code: number): code is StatusCode {
  return Object.hasOwn(STATUS_CODES, code);
}

/** The status text in the form "CODE_NAME - explanation" (or the plain text for active states). */
export function statusText(code: number): string {
  return isStatusCode(code) ? STATUS_CODES[code].text : `Status ${code}`;
}

export function statusGroups(code: number): readonly StatusGroup[] {
  return isStatusCode(code) ? STATUS_CODES[code].groups : [];
}

/** An execution has ended once its status is 1800 or above. */
export function isFinalStatus(code: number): boolean {
  return code >= 1800;
}

/** An execution waits (for a start time, a release, a queue, an agent, predecessors: ANY_WAITING) and has not started. */
export function isWaitingStatus(code: number): boolean {
  return (STATUS_RANGES["ANY_WAITING"] ?? []).some(([from, to]) => code >= from && code <= to);
}
