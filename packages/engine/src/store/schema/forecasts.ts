import type { Generated } from "kysely";

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
