import { z } from "zod";
import { Flag, Int32, IsoDateTime, ObjectName, QueryFlag, QueryInt, QueryList } from "./primitives";

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

export const EXECUTION_OPTIONS = ["execute", "once", "recurring"] as const;

export const InExecutionCallbackBody = z.object({
  type: z.enum(["http"]).optional(),
  recurringMode: z.enum(["once", "each"]).optional(),
  http: z.object({
    url: z.url(),
    headers: z.record(z.string(), z.string()).optional(),
  }),
});

export const InExecutionOnceBody = z.object({
  executionDateTime: IsoDateTime.optional(),
  waitForManualRelease: Flag.optional(),
  useLogicalTime: IsoDateTime.optional(),
});

const Duration = z.string().regex(/^P(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+S)?)?$/, "must be an ISO 8601 duration PnDTnHnMnS");
const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM");
const IsoDate = z.iso.date();

export const InExecutionRecurringBody = z.object({
  periodDescription: z.string().optional(),
  startDate: IsoDate.optional(),
  endDate: IsoDate.optional(),
  endAfterExecutions: Int32.min(1).optional(),
  executeAt: TimeOfDay.optional(),
  executeInterval: Duration.optional(),
  executeAfter: Duration.optional(),
  allowOneOverlap: Flag.optional(),
  betweenStart: TimeOfDay.optional(),
  betweenEnd: TimeOfDay.optional(),
  executeWeekly: z.array(z.enum(["mon", "tue", "wed", "thu", "fri", "sat", "sun"])).optional(),
  executeCalendarMatch: z.enum(["one", "none", "all"]).optional(),
  adjustStartTime: Flag.optional(),
  executeCalendarList: z.array(z.object({ calendar: z.string(), event: z.string() })).optional(),
});

/** Body of POST /{client_id}/executions, in the spec's camelCase (snake_case is normalised first). */
export const InExecutionBody = z.object({
  objectName: ObjectName,
  executionOption: z.enum(EXECUTION_OPTIONS),
  inputs: z.record(z.string(), z.unknown()).optional(),
  alias: ObjectName.optional(),
  timezone: z.string().max(200).optional(),
  queue: ObjectName.optional(),
  callback: InExecutionCallbackBody.optional(),
  once: InExecutionOnceBody.optional(),
  recurring: InExecutionRecurringBody.optional(),
});
export type InExecutionBody = z.infer<typeof InExecutionBody>;

export const OutRunId = z.object({ run_id: Int32 });
export type OutRunId = z.infer<typeof OutRunId>;

export const OutComment = z.object({
  timestamp: IsoDateTime,
  comment: z.string(),
  user: z.string().optional(),
});
export type OutComment = z.infer<typeof OutComment>;

export const OutExecution = z.object({
  name: z.string(),
  type: z.string(),
  sub_type: z.string().optional(),
  queue: z.string(),
  run_id: Int32,
  status: Int32,
  status_text: z.string(),
  runtime: Int32.optional(),
  description: z.string().optional(),
  activation_time: IsoDateTime,
  start_time: IsoDateTime.optional(),
  end_time: IsoDateTime.optional(),
  agent: z.string().optional(),
  platform: z.string().optional(),
  parent: Int32.optional(),
  reference_run_id: Int32.optional(),
  line_number: Int32.optional(),
  user: z.string(),
  estimated_runtime: Int32.optional(),
  archive_key1: z.string().optional(),
  archive_key2: z.string().optional(),
  title: z.string().optional(),
  alias: z.string().optional(),
  activator: Int32.optional(),
  activator_object_type: z.string().optional(),
  event_id: Int32.optional(),
  restart_count: Int32.optional(),
  restart_predecessor: Int32.optional(),
  /** Baton extension: the return code of a job (kept for ENDED_NOT_OK). */
  return_code: Int32.optional(),
  /** With fields=comments. */
  comments: z.array(OutComment).optional(),
  /** With fields=recurring, for period containers: the rule (snake_case), occur_count and next_check. */
  recurring: z.record(z.string(), z.unknown()).optional(),
});
export type OutExecution = z.infer<typeof OutExecution>;

export const OutExecutionList = z.object({
  total: Int32,
  data: z.array(OutExecution),
  hasmore: z.boolean(),
});
export type OutExecutionList = z.infer<typeof OutExecutionList>;

/** Query of GET /{client_id}/executions: the filters available so far. */
export const ExecutionListQuery = z.object({
  max_results: QueryInt.pipe(z.int().min(1)).default(50),
  run_id: QueryInt.optional(),
  name: z.string().max(200).optional(),
  commented_only: QueryFlag.optional(),
  type: QueryList.optional(),
  status: QueryList.pipe(
    z.array(z.string().min(1)),
  ).optional(),
});
export type ExecutionListQuery = z.infer<typeof ExecutionListQuery>;

/** Query of GET /{client_id}/executions/{run_id}. */
export const ExecutionQuery = z.object({
  fields: QueryList.optional(),
});

/** Query of GET /{client_id}/executions/{run_id}/children. */
export const ChildrenQuery = z.object({
  max_results: QueryInt.pipe(z.int().min(1)).default(50),
  start_at_run_id: QueryInt.optional(),
});

export const OutReport = z.object({
  type: z.string(),
  is_db: z.boolean(),
  is_xml: z.boolean(),
  end_timestamp: IsoDateTime,
});
export type OutReport = z.infer<typeof OutReport>;

export const OutReportContent = z.object({
  page: Int32,
  content: z.string(),
});
export type OutReportContent = z.infer<typeof OutReportContent>;

export const ReportContentQuery = z.object({
  max_results: QueryInt.pipe(z.int().min(1)).default(1),
  start_at: QueryInt.pipe(z.int().min(0)).default(1),
});

/** Report types: ACT (activation and script output), REP (job output), LOG (agent log), POST (post-processing). */
export const REPORT_TYPES = ["ACT", "REP", "LOG", "POST"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Body of POST /{client_id}/scripts: the script as one string with newlines or as an array of lines. */
export const InScriptsBody = z.object({
  script: z.union([z.string().max(1024 * 1024), z.array(z.string().max(1024 * 1024))]),
  queue: ObjectName.optional(),
});
export type InScriptsBody = z.infer<typeof InScriptsBody>;

/**
 * Body of POST /{client_id}/executions/{run_id}/status; the action may come in any letter case.
 * Baton extensions: `release` starts an execution waiting for manual release; `acknowledge` ends
 * an active notification.
 */
export const InChangeExecutionStatusBody = z.object({
  action: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(["restart", "cancel", "release", "acknowledge"], "must be restart or cancel (or release, acknowledge)")),
  cancel: z.object({ recursive: Flag.optional() }).optional(),
  restart: z
    .object({
      queue: ObjectName.optional(),
      restartPoint: z.string().max(8).optional(),
      keepStartType: Flag.optional(),
      waitForManualRelease: Flag.optional(),
      inputs: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
});
export type InChangeExecutionStatusBody = z.infer<typeof InChangeExecutionStatusBody>;

export const OutChangeExecutionStatus = z.object({ run_id: Int32 });
export type OutChangeExecutionStatus = z.infer<typeof OutChangeExecutionStatus>;
