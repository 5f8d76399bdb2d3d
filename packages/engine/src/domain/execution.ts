/** One activation of an object, as the engine tracks it. Times are epoch milliseconds. */
export interface Execution {
  runId: number;
  client: number;
  name: string;
  /** Object type, e.g. JOBS. */
  objectType: string;
  /** Execution type of the spec, e.g. Job. */
  type: string;
  queue: string;
  status: number;
  activationTime: number;
  startTime: number | null;
  endTime: number | null;
  user: string;
  agent: string | null;
  platform: string | null;
  parent: number | null;
  referenceRunId: number;
  lineNumber: number | null;
  returnCode: number | null;
  alias: string | null;
  title: string | null;
  archiveKey1: string | null;
  archiveKey2: string | null;
  activatorObjectType: string;
  /**
   * A period container's (C_PERIOD): the type of the object it activates, whose rights reach the
   * container as they reach its activations; null for every other execution.
   */
  repeatsType: string | null;
  /** How many restarts led to this execution (0 for an original). */
  restartCount: number;
  /** The execution this one restarted. */
  restartPredecessor: number | null;
  /** When an execution waiting for its start time is due (epoch ms). */
  dueAt: number | null;
  /** The object's estimated runtime in seconds when it was activated (ERT), if it had one. */
  estimatedRuntime: number | null;
  /**
   * When the execution took its current status (epoch ms): the time of its last status change,
   * its activation before any. It says since when a run is blocked; the store sets it.
   */
  statusSince: number;
}

/** Variables of an execution as stored: names to strings or numbers. */
export type VariableValues = Record<string, string | number>;

/** What a status change may set besides the status itself. */
export interface ExecutionChanges {
  status: number;
  startTime?: number;
  endTime?: number;
  agent?: string;
  platform?: string;
  returnCode?: number | null;
  /** What a run left behind (its variables, :RSET and :PSET values), stored with its end. */
  variables?: { variables: VariableValues; returned: VariableValues; passed: VariableValues };
  /**
   * A workflow task activated with its workflow (1700) is generated when it starts: from its
   * object as it is then, as an execution created at that moment would be.
   */
  generated?: Pick<Execution, "objectType" | "type" | "queue" | "title" | "archiveKey1" | "archiveKey2" | "estimatedRuntime"> & { definition: string };
}

/** A RunID as the vendor's messages write it: ten digits, zero-padded ('0001141003'). */
export function vendorRunId(runId: number): string {
  return String(runId).padStart(10, "0");
}

/** Runtime in whole seconds, for ended executions and running ones (up to `now`). */
export function runtimeSeconds(execution: Pick<Execution, "startTime" | "endTime">, now: number): number | undefined {
  if (execution.startTime === null) return undefined;
  const end = execution.endTime ?? now;
  return Math.max(0, Math.round((end - execution.startTime) / 1000));
}

/** The object type of the execution that deletes a client's data (execution type CallAPI). */
export const CLIENT_DELETION = "CLNTDEL";

/** What a new execution must say; everything else starts empty (see newExecutionRecord). */
export type NewExecutionEssentials = Pick<Execution, "client" | "name" | "objectType" | "type" | "status" | "activationTime" | "user">;

/** What a new execution is created with: everything but what the store gives it (run_id, status time). */
export type NewExecutionRecord = Omit<Execution, "runId" | "statusSince">;

/** A new execution (without its run_id): the essentials, the rest empty unless `details` sets it. */
export function newExecutionRecord(essentials: NewExecutionEssentials, details: Partial<NewExecutionRecord> = {}): NewExecutionRecord {
  return {
    queue: "CLIENT_QUEUE",
    startTime: null,
    endTime: null,
    agent: null,
    platform: null,
    parent: null,
    referenceRunId: 0,
    lineNumber: null,
    returnCode: null,
    alias: null,
    title: null,
    archiveKey1: null,
    archiveKey2: null,
    activatorObjectType: "API",
    repeatsType: null,
    restartCount: 0,
    restartPredecessor: null,
    dueAt: null,
    estimatedRuntime: null,
    ...essentials,
    ...details,
  };
}

