import type { Generated } from "kysely";

export interface ExecutionsTable {
  run_id: Generated<number>;
  client: number;
  name: string;
  object_type: string;
  type: string;
  queue: string;
  status: number;
  activation_time: number;
  start_time: number | null;
  end_time: number | null;
  user: string;
  agent: string | null;
  platform: string | null;
  parent: number | null;
  reference_run_id: number;
  line_number: number | null;
  return_code: number | null;
  alias: string | null;
  title: string | null;
  archive_key1: string | null;
  archive_key2: string | null;
  activator_object_type: string;
  /** A period container's: the type of the object it activates (migration 0027); null for others. */
  repeats_type: string | null;
  restart_count: Generated<number>;
  restart_predecessor: number | null;
  /** When a waiting execution is due to start (epoch ms). */
  due_at: number | null;
  /** The object's ERT in seconds at activation. */
  estimated_runtime: number | null;
  /** The start request's callback (JSON), delivered when the execution ends. */
  callback: string | null;
  /** A period container's recurring rule as requested (JSON). */
  recurring: string | null;
  /** Activations a period container has made. */
  occur_count: Generated<number>;
  /** The object definition as it was when activated (JSON). */
  definition: string;
  /** Execution variables, name → value (JSON), once the run has set any. */
  variables: string | null;
  /** Values returned to the activator with :RSET, name → value (JSON). */
  returned_variables: string | null;
  /** Values passed to the parent workflow with :PSET, name → value (JSON). */
  passed_variables: string | null;
  modified_at: number;
  /** The node that last changed the execution (migration 0019). */
  node: string | null;
}

/** One row per execution status change, written in the same transaction; `seq` orders them. */
export interface ExecutionEventsTable {
  seq: Generated<number>;
  client: number;
  run_id: number;
  created_at: number;
  /** The execution as presented after the change (OutExecution JSON). */
  payload: string;
}

export interface ExecutionCommentsTable {
  id: Generated<number>;
  client: number;
  run_id: number;
  created_at: number;
  comment: string;
  user: string;
}

/** Callback deliveries, written with the status change that triggers them; null next_attempt_at = finished. */
export interface CallbackOutboxTable {
  id: Generated<number>;
  client: number;
  run_id: number;
  url: string;
  /** Request headers (JSON object). */
  headers: string;
  /** Request body (JSON). */
  payload: string;
  attempts: Generated<number>;
  next_attempt_at: number | null;
  delivered_at: number | null;
  last_error: string | null;
}

export interface ReportsTable {
  run_id: number;
  type: string;
  client: number;
  /** Time of the last write; the end time once `ended` is 1. */
  updated_at: number;
  ended: number;
}

export interface ReportPagesTable {
  run_id: number;
  type: string;
  page: number;
  content: string;
}

/** Files a file event saw at its last check (sizes and times as numbers; bigint in PostgreSQL). */
export interface EventFilesTable {
  client: number;
  run_id: number;
  path: string;
  size: number;
  modified_ms: number;
  /** 1 when this version of the file has fired the event. */
  fired: number;
}

/** Each object's current estimated runtime (ERT) in seconds. */
export interface RuntimeEstimatesTable {
  client: number;
  object_name: string;
  seconds: number;
  updated_at: number;
}

/**
 * How many executions a client has of a name, top level or not, kept by triggers: one row per
 * client, name and top level on SQLite, a log of signed counts on PostgreSQL that only
 * housekeeping compacts (migration 0029); the engine writes no other row.
 */
export interface ExecutionCountsTable {
  client: number;
  name: string;
  /** 1 for executions without a parent, 0 for the others (migration 0029). */
  top_level: number;
  n: number;
}
