import type { Generated } from "kysely";

/** Tables of the engine's database. Times are epoch milliseconds (bigint in PostgreSQL). */
export interface Database {
  clients: ClientsTable;
  objects: ObjectsTable;
  folders: FoldersTable;
  user_credentials: UserCredentialsTable;
  executions: ExecutionsTable;
  reports: ReportsTable;
  report_pages: ReportPagesTable;
  execution_events: ExecutionEventsTable;
  callback_outbox: CallbackOutboxTable;
  execution_comments: ExecutionCommentsTable;
  event_files: EventFilesTable;
  runtime_estimates: RuntimeEstimatesTable;
  object_search: ObjectSearchTable;
  object_search_variables: ObjectSearchVariablesTable;
  object_search_events: ObjectSearchEventsTable;
  forecasts: ForecastsTable;
  forecast_entries: ForecastEntriesTable;
  agents: AgentsTable;
  metric_samples: MetricSamplesTable;
  installation: InstallationTable;
  ra_solutions: RaSolutionsTable;
  nodes: NodesTable;
  leases: LeasesTable;
  console_sessions: ConsoleSessionsTable;
}

/** Engine nodes on this database and their last life sign (migration 0018). */
export interface NodesTable {
  id: string;
  host: string;
  pid: number;
  /** Comma-separated roles: api, agents, scheduling. */
  roles: string;
  /** Standalone agents connected to the node at its last life sign: how many, and their names (comma-separated). */
  agent_connections: number;
  agents: string;
  started_at: number;
  last_seen_at: number;
}

/** A role one node holds until `expires_at` unless it renews it (migration 0018). */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** Installed RA solutions (migration 0017). */
export interface RaSolutionsTable {
  name: string;
  version: string;
  installed_at: number;
  installed_by: string;
}

/** One row: the installation's id (migration 0016). */
export interface InstallationTable {
  id: string;
  created_at: number;
}

/** Historic metrics: one value per type and minute (migration 0015). */
export interface MetricSamplesTable {
  type: string;
  /** Start of the minute, epoch ms. */
  at: number;
  value: number;
}

/** Standalone agents known to the engine (migration 0014). */
export interface AgentsTable {
  name: string;
  platform: string;
  version: string;
  hardware: string;
  software: string;
  ip_address: string;
  /** 1 when the agent may run jobs. */
  authenticated: number;
  /** SHA-256 (hex) of the agent's own credential (a 256-bit random secret); null until it has one. */
  key_hash: string | null;
  /** The client the agent was made in through the API; null for a system agent (enrolled by an operator). */
  owner_client: number | null;
  created_at: number;
  last_seen_at: number | null;
}

/** Forecasts: what was asked, its status and period; entries hold the result. */
export interface ForecastsTable {
  id: Generated<number>;
  client: number;
  /** FCST or AFCST (the client's autoforecast, one per client). */
  type: string;
  title: string;
  user: string;
  /** 1550 while calculating, 1900 done, 1800 failed, 1815 interrupted by the engine's stop. */
  status: number;
  /** The object forecast, or the object of the forecast execution; null for client forecasts (rights). */
  subject_type: string | null;
  subject_name: string | null;
  /** The right on the subject that reading the forecast needs (READ for objects, STATISTICS for executions). */
  subject_right: number | null;
  /** The request as validated (JSON). */
  request: string;
  start_time: number;
  end_time: number;
  estimated_start: number | null;
  estimated_end: number | null;
  last_error_code: number | null;
  last_error_message: string | null;
  created_at: number;
}

/** One task of a forecast, numbered per forecast; parent 0 at the top. */
export interface ForecastEntriesTable {
  forecast_id: number;
  id: number;
  parent: number;
  name: string;
  object_type: string;
  container_type: string | null;
  estimated_start: number | null;
  estimated_end: number | null;
  estimated_runtime: number | null;
  agent_source: string | null;
  agent_destination: string | null;
  platform_destination: string | null;
  login_source: string | null;
  login_destination: string | null;
  /** The execution's status, for tasks that had started when the forecast was made. */
  status: number | null;
}

/**
 * What the search reads of each object besides the objects row, derived from its body when it is
 * written (domain/search-fields.ts). The text columns are in the database's text index: an FTS5
 * trigram table (SQLite) or pg_trgm GIN indexes (PostgreSQL), see migration 0012.
 */
export interface ObjectSearchTable {
  object_id: number;
  title: string | null;
  archive_key1: string | null;
  archive_key2: string | null;
  platform: string | null;
  sub_type: string | null;
  agent: string | null;
  login: string | null;
  process: string | null;
  documentation: string | null;
}

/** Entries of static VARA objects: one row per key and value (value null for a key without values). */
export interface ObjectSearchVariablesTable {
  object_id: number;
  /** The entry's row in `static_values`. */
  position: number;
  key: string;
  value: string | null;
}

/** Events of calendars (CALE), with their validity in epoch milliseconds (day starts, UTC). */
export interface ObjectSearchEventsTable {
  object_id: number;
  /** The event's place in `events`. */
  position: number;
  name: string;
  ctype: string;
  valid_from: number | null;
  valid_to: number | null;
  /** Calendars of a group event (JSON array of names). */
  child_calendars: string;
}

/** Each object's current estimated runtime (ERT) in seconds. */
export interface RuntimeEstimatesTable {
  client: number;
  object_name: string;
  seconds: number;
  updated_at: number;
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

export interface ClientsTable {
  id: number;
  title: string;
  created_at: number;
}

export interface ObjectsTable {
  id: Generated<number>;
  client: number;
  name: string;
  type: string;
  folder: string;
  /** The object body of the export format, as JSON, stored losslessly. */
  body: string;
  created_at: number;
  created_by: string;
  modified_at: number;
  modified_by: string;
}

/** Folders created explicitly (FOLD objects); a folder also exists while objects are in it. */
export interface FoldersTable {
  client: number;
  /** Normalised path: upper case, `/` separators, no leading or trailing one. */
  path: string;
  /** The FOLD body of the export format, as JSON, stored losslessly. */
  body: string;
  created_at: number;
  created_by: string;
  modified_at: number;
  modified_by: string;
}

/** Password hashes of USER objects, kept apart so that no export can carry them. */
export interface UserCredentialsTable {
  client: number;
  /** The USER object's name, NAME/DEPARTMENT. */
  user_name: string;
  password_hash: string;
  failed_logins: number;
  modified_at: number;
  /** When failed logins locked the user (epoch ms); null when not locked by them. */
  locked_at: number | null;
}

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

/** One row per execution status change, written in the same transaction; `seq` orders them. */
export interface ExecutionEventsTable {
  seq: Generated<number>;
  client: number;
  run_id: number;
  created_at: number;
  /** The execution as presented after the change (OutExecution JSON). */
  payload: string;
}

/** Console sessions by the hash of their id (migration 0021). */
export interface ConsoleSessionsTable {
  id_hash: string;
  csrf_token: string;
  client: number;
  user_name: string;
  department: string;
  /** The password the session acts with, encrypted by the console backend. */
  sealed_password: string;
  created_at: number;
  last_seen_at: number;
}
