import type { ClientsTable, FoldersTable, ObjectsTable, UserCredentialsTable } from "./schema/objects";
import type { ObjectSearchEventsTable, ObjectSearchTable, ObjectSearchVariablesTable } from "./schema/search";
import type { CallbackOutboxTable, EventFilesTable, ExecutionCommentsTable, ExecutionCountsTable, ExecutionEventsTable, ExecutionsTable, ReportPagesTable, ReportsTable, RuntimeEstimatesTable } from "./schema/executions";
import type { ForecastEntriesTable, ForecastsTable } from "./schema/forecasts";
import type { LeasesTable, NodesTable } from "./schema/cluster";
import type { AgentsTable, ConsoleSessionsTable, InstallationTable, MetricSamplesTable, RaSolutionsTable } from "./schema/system";

/** Tables of the engine's database. Times are epoch milliseconds (bigint in PostgreSQL). */
export interface Database {
  clients: ClientsTable;
  objects: ObjectsTable;
  folders: FoldersTable;
  user_credentials: UserCredentialsTable;
  executions: ExecutionsTable;
  execution_counts: ExecutionCountsTable;
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
