import { z } from "zod";
import { acceptClientSpellings } from "./client-spelling";
import { Int32, IsoDateTime, OBJECT_NAME_PATTERN, ObjectName, QueryFlag, QueryInt, QueryList, queryListOf } from "./primitives";
import { EXECUTION_TYPE_NAMES, EXECUTION_TYPES } from "../execution-types";
import { executableTypeOf } from "../execution-filter";

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
  waitForManualRelease: z.boolean().optional(),
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
  allowOneOverlap: z.boolean().optional(),
  betweenStart: TimeOfDay.optional(),
  betweenEnd: TimeOfDay.optional(),
  executeWeekly: z.array(z.enum(["mon", "tue", "wed", "thu", "fri", "sat", "sun"])).optional(),
  executeCalendarMatch: z.enum(["one", "none", "all"]).optional(),
  adjustStartTime: z.boolean().optional(),
  executeCalendarList: z.array(z.object({ calendar: z.string(), event: z.string() })).optional(),
});

/**
 * Body of POST /{client_id}/executions, in the spec's camelCase (other spellings, such as the
 * vendor's snake_case `execution_option` or `once.wait_for_manual_release: "false"`:
 * acceptClientSpellings). Without an execution option the object starts at once, as in the vendor's
 * first example (docs/decisions.md, "Vendor wire behaviour").
 */
export const InExecutionBody = acceptClientSpellings(z.object({
  objectName: ObjectName,
  executionOption: z.enum(EXECUTION_OPTIONS).default("execute").describe("execute (the default), once or recurring"),
  inputs: z.record(z.string(), z.unknown()).optional(),
  alias: ObjectName.optional(),
  timezone: z
    .string()
    .max(200)
    .optional()
    .describe("A TZ object or an IANA time zone for the recurring rule (execute_at, the window, the dates; execution_date_time is UTC); one that does not exist is not an error: UTC applies, as without it"),
  queue: ObjectName.optional().describe("A QUEUE object of the client, or CLIENT_QUEUE; a queue that does not exist answers 400"),
  callback: InExecutionCallbackBody.optional(),
  once: InExecutionOnceBody.optional(),
  recurring: InExecutionRecurringBody.optional(),
}));
export type InExecutionBody = z.infer<typeof InExecutionBody>;

/** Variables or inputs by name (spec: NamedResponse). */
export const NamedResponse = z.record(z.string(), z.unknown());
export type NamedResponse = z.infer<typeof NamedResponse>;

export const OutRunId = z.object({ run_id: Int32 });
export type OutRunId = z.infer<typeof OutRunId>;

export const OutComment = z.object({
  timestamp: IsoDateTime,
  comment: z.string(),
  user: z.string().optional(),
});
export type OutComment = z.infer<typeof OutComment>;

export const OutReport = z.object({
  type: z.string(),
  is_db: z.boolean(),
  is_xml: z.boolean(),
  end_timestamp: IsoDateTime,
});
export type OutReport = z.infer<typeof OutReport>;

/** OutPredecessorTaskInfo: a predecessor of a workflow task, as its latest execution. */
export const OutPredecessorTaskInfo = z.object({
  run_id: Int32,
  object_name: z.string().optional(),
  status: Int32.optional(),
});
export type OutPredecessorTaskInfo = z.infer<typeof OutPredecessorTaskInfo>;

export const OutExecution = z.object({
  name: z.string(),
  /** The object type code: JOBS, JOBP, JSCH, SCRI, CALL, EVNT, JOBF, C_PERIOD, ... */
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
  /**
   * Baton extension: when a run that waits for its start time (status 1698: execute once at a
   * time, an activation of a recurring rule, a schedule task) is planned to start; absent otherwise.
   */
  planned_start_time: IsoDateTime.optional(),
  /** Baton extension: since when a run is blocked (1560 a workflow behind a task that ended abnormally, 1562 held); absent otherwise. */
  blocked_since: IsoDateTime.optional(),
  /** With fields=variables (GET of one execution): its variables. */
  variables: z.record(z.string(), z.unknown()).optional(),
  /** With fields=comments (GET of one execution). */
  comments: z.array(OutComment).optional(),
  /** With fields=reports (GET of one execution): the reports in the database. */
  reports: z.array(OutReport).optional(),
  /** With fields=restarts: how many restarts its chain of restarts has. */
  restarts: Int32.optional(),
  /** With fields=predecessors: the predecessors of a workflow task (empty for other executions). */
  predecessors: z.array(OutPredecessorTaskInfo).optional(),
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



/** A query value that counts as not given when empty, as forms send an empty field. */
export function unlessEmpty<T>(schema: z.ZodType<T, string>) {
  return z
    .string()
    .transform((v) => (v.trim() === "" ? undefined : v.trim()))
    .pipe(schema.optional())
    .optional();
}

const NAME_CHARACTERS = "A-Za-z0-9._$@#-";
const NAME_PATTERN = new RegExp(`^[${NAME_CHARACTERS}*?]{1,200}$`);
const USER_PATTERN = new RegExp(`^[${NAME_CHARACTERS}*?]{1,200}(?:/[${NAME_CHARACTERS}*?]{1,200})?$`);

/** A name pattern (`*` and `?` wildcards), upper-cased as names are stored. */
function upperPattern(pattern: RegExp, message: string) {
  return unlessEmpty(
    z
      .string()
      .regex(pattern, message)
      .transform((v) => v.toUpperCase()),
  );
}

/** An object (or agent) name with the wildcards. */
export const NamePattern = upperPattern(NAME_PATTERN, "must be a name pattern: A-Z 0-9 . _ $ @ # - and the wildcards * and ?, at most 200 characters");

/** A user NAME/DEPARTMENT with the wildcards. */
const UserPattern = upperPattern(USER_PATTERN, "must be a user pattern NAME/DEPARTMENT: A-Z 0-9 . _ $ @ # - and the wildcards * and ?");

/** Archive keys are free text; the pattern may use the `*` and `?` wildcards. */
const ArchiveKeyPattern = unlessEmpty(z.string().max(200, "must be at most 200 characters"));

const OBJECT_NAME_MESSAGE = "is not a valid object name (A-Z 0-9 . _ $ @ # -, at most 200 characters)";
const objectNameOf = (value: string): string | undefined => (OBJECT_NAME_PATTERN.test(value.toUpperCase()) ? value.toUpperCase() : undefined);

/** Seconds of a UTC time YYYY-MM-DDThh:mm:ssZ, the only form the time frame takes. */
const UTC_SECOND = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\dZ$/;
const TIME_FRAME_MESSAGE = "must be a UTC time YYYY-MM-DDThh:mm:ssZ on a day that exists, e.g. 2024-05-01T06:30:00Z";

/** Whether `v` has the form YYYY-MM-DDThh:mm:ssZ and names a day that exists (not 2023-02-30). */
function isUtcSecond(v: string): boolean {
  return UTC_SECOND.test(v) && new Date(Date.parse(v)).toISOString() === v.replace("Z", ".000Z");
}

/** A time frame bound as epoch milliseconds. */
const TimeFrameBound = z
  .string()
  .refine(isUtcSecond, TIME_FRAME_MESSAGE)
  .transform((v) => Date.parse(v));

/** Type codes (`JOBS`) and execution type names (`Job`), comma-separated, as type codes. */
export const ExecutableTypeList = queryListOf(executableTypeOf, `is not an execution type: use a type code such as ${Object.keys(EXECUTION_TYPE_NAMES).join(", ")} or a name such as ${EXECUTION_TYPES.join(", ")}`);

/** Agent types (platforms) such as UNIX, comma-separated, upper-cased. */
export const PlatformList = queryListOf((v) => (/^[A-Za-z0-9_]{1,32}$/.test(v) ? v.toUpperCase() : undefined), "is not an agent type such as UNIX or WINDOWS");

export const TIME_FRAME_OPTIONS = ["activation", "start", "end", "all"] as const;
export type TimeFrameOption = (typeof TIME_FRAME_OPTIONS)[number];

export const EXECUTION_LIST_FIELDS = ["restarts", "predecessors", "recurring"] as const;
export type ExecutionListField = (typeof EXECUTION_LIST_FIELDS)[number];

/** What `fields` of GET /{client_id}/executions/{run_id} may ask for: the list's and three more. */
export const EXECUTION_FIELDS = ["comments", "variables", "reports", ...EXECUTION_LIST_FIELDS] as const;
export type ExecutionField = (typeof EXECUTION_FIELDS)[number];

/** Query of GET /{client_id}/executions: every parameter of the spec's table. */
/** The columns GET /{client_id}/executions can be sorted by (Baton extension `order_by`): each is read in order from an index. */
export const EXECUTION_SORT_COLUMNS = ["activation_time", "run_id", "name", "status", "start_time", "end_time"] as const;
export type ExecutionSortColumn = (typeof EXECUTION_SORT_COLUMNS)[number];

/** `name` (ascending) or `-name` (descending), read as the column and its direction. */
export const ExecutionListSort = z
  .string()
  .transform((value, ctx) => {
    const descending = value.startsWith("-");
    const column = EXECUTION_SORT_COLUMNS.find((c) => c === (descending ? value.slice(1) : value).toLowerCase());
    if (column !== undefined) return { column, descending };
    ctx.addIssue({ code: "custom", message: `must be one of ${EXECUTION_SORT_COLUMNS.join(", ")}, with a leading "-" for descending` });
    return z.NEVER;
  });

export const ExecutionListQuery = z
  .object({
    max_results: QueryInt.pipe(z.int().min(1)).default(50),
    /** The RunID of the last entry of the previous page: this page continues below it in the list's order. */
    start_at_run_id: QueryInt.optional(),
    /** Baton's older name for start_at_run_id. */
    after_run_id: QueryInt.optional(),
    run_id: QueryInt.optional(),
    name: NamePattern,
    name_exclude: QueryFlag.optional(),
    alias: NamePattern,
    type: ExecutableTypeList.optional(),
    status: QueryList.pipe(z.array(z.string().min(1))).optional(),
    agent: NamePattern,
    agent_exclude: QueryFlag.optional(),
    platform: PlatformList.optional(),
    queue: queryListOf(objectNameOf, OBJECT_NAME_MESSAGE).optional(),
    include_deactivated: QueryFlag.optional(),
    time_frame_option: z
      .string()
      .transform((v) => v.toLowerCase())
      .pipe(z.enum(TIME_FRAME_OPTIONS, "must be activation, start, end or all"))
      .default("all"),
    time_frame_from: TimeFrameBound.optional(),
    time_frame_to: TimeFrameBound.optional(),
    user: UserPattern,
    user_exclude: QueryFlag.optional(),
    archive_key1: ArchiveKeyPattern,
    archive_key1_exclude: QueryFlag.optional(),
    archive_key2: ArchiveKeyPattern,
    archive_key2_exclude: QueryFlag.optional(),
    commented_only: QueryFlag.optional(),
    modified_only: QueryFlag.optional(),
    remote_status_number: QueryInt.optional(),
    remote_status_text: unlessEmpty(z.string().max(255, "must be at most 255 characters")),
    reference_run_id: QueryInt.optional(),
    zdu_version: z
      .string()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(["B", "T"], "must be B (base) or T (target)"))
      .optional(),
    sync_usage: queryListOf(objectNameOf, OBJECT_NAME_MESSAGE).optional(),
    fields: queryListOf((v) => EXECUTION_LIST_FIELDS.find((f) => f === v.toLowerCase()), `is not one of ${EXECUTION_LIST_FIELDS.join(", ")}`).optional(),
    top_level: QueryFlag.optional().describe("Baton extension: only executions without a parent (no workflow tasks, schedule slots or recurring activations); children are read with GET .../{run_id}/children"),
    order_by: ExecutionListSort.optional().describe(
      `Baton extension: the list's order, a column (${EXECUTION_SORT_COLUMNS.join(", ")}) ascending, or descending with a leading "-"; ties go by activation_time, then run_id, the same way; executions without a start or end time count as later than any. Default -activation_time`,
    ),
  })
  .refine((q) => q.time_frame_from === undefined || q.time_frame_to === undefined || q.time_frame_from <= q.time_frame_to, {
    message: "must not be before time_frame_from",
    path: ["time_frame_to"],
  });
export type ExecutionListQuery = z.infer<typeof ExecutionListQuery>;

/** Query of GET /{client_id}/executions/{run_id}. */
export const ExecutionQuery = z.object({
  fields: queryListOf((v) => EXECUTION_FIELDS.find((f) => f === v.toLowerCase()), `is not one of ${EXECUTION_FIELDS.join(", ")}`).optional(),
});

/** Query of GET /{client_id}/executions/{run_id}/children. */
export const ChildrenQuery = z.object({
  max_results: QueryInt.pipe(z.int().min(1)).default(50),
  /** The RunID of the last entry of the previous page: this page continues below it (as for the list). */
  start_at_run_id: QueryInt.optional(),
  /** Baton's older name for start_at_run_id. */
  after_run_id: QueryInt.optional(),
});


/** One page of a report's text: pages are numbered from 1 and are the portions stored, joined as they are. */
export const OutReportContent = z.object({
  page: Int32,
  content: z.string(),
});
export type OutReportContent = z.infer<typeof OutReportContent>;

/**
 * Answer of GET .../reports/{type}: `total` is the number of pages of the whole report, `data`
 * the pages asked for in page order, `hasmore` whether pages follow them.
 */
export const OutReportPageList = z.object({
  total: Int32,
  data: z.array(OutReportContent),
  hasmore: z.boolean(),
});
export type OutReportPageList = z.infer<typeof OutReportPageList>;

/**
 * The most pages one answer of GET .../reports/{type} holds (8 MiB of text at most). Reports have
 * no size limit, so "the whole report" of a job that printed gigabytes would be built in memory at
 * once; past this the answer says `hasmore` and the client reads on with `start_at`.
 */
export const REPORT_PAGES_PER_ANSWER = 256;

/**
 * Query of GET .../reports/{type}, as the vendor's examples use it ("Pagination for Reports"):
 * `start_at` is the number of the first page answered, `max_results` how many pages at most.
 */
export const ReportContentQuery = z.object({
  max_results: QueryInt.pipe(z.int().min(0))
    .optional()
    .describe(`Report pages at most (0: none, only total and hasmore); without it the rest of the report from start_at. At most ${REPORT_PAGES_PER_ANSWER} pages an answer.`),
  start_at: QueryInt.default(1).describe("Number of the first report page answered (default 1; a number below 1 starts at page 1, one past the last page answers no pages)."),
});

/** Report types: ACT (activation and script output), REP (job output), LOG (agent log), POST (post-processing). */
export const REPORT_TYPES = ["ACT", "REP", "LOG", "POST"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Body of POST /{client_id}/scripts: the script as one string with newlines or as an array of lines. */
export const InScriptsBody = acceptClientSpellings(
  z.object({
    script: z.union([z.string().max(1024 * 1024), z.array(z.string().max(1024 * 1024))]),
    queue: ObjectName.optional(),
  }),
);
export type InScriptsBody = z.infer<typeof InScriptsBody>;

/**
 * Body of POST /{client_id}/executions/{run_id}/status; the action may come in any letter case
 * (acceptClientSpellings). Baton extensions: `release` starts an execution waiting for manual
 * release; `acknowledge` ends an active notification; `restart.downstreamOnly` reruns a workflow's
 * task and the tasks downstream of it only.
 */
export const InChangeExecutionStatusBody = acceptClientSpellings(
  z.object({
    action: z.enum(["restart", "cancel", "release", "acknowledge"], "must be restart or cancel (or release, acknowledge)"),
    cancel: z.object({ recursive: z.boolean().optional() }).optional(),
    restart: z
      .object({
        queue: ObjectName.optional().describe("A QUEUE object of the client, or CLIENT_QUEUE; a queue that does not exist answers 400. Without it the restart runs in the queue the execution ran in"),
        restartPoint: z
          .string()
          .max(8)
          .optional()
          .describe("A job or script: one of its process page's :RESTART points (the lines before its first restart point run, then those from this one on). A workflow: the line number of one of its tasks (the tasks on earlier lines are not run again, 1922). Any other answers 400"),
        downstreamOnly: z
          .boolean()
          .optional()
          .describe(
            "Baton extension, with a workflow's restart_point: only the task on that line and the tasks reachable from it along the line conditions run again; every other task is recorded as not run again (1922). Without it, every line from the restart point on runs again",
          ),
        keepStartType: z.boolean().optional().describe("The new execution keeps the original's activator_object_type; without it, its start type is API"),
        waitForManualRelease: z.boolean().optional(),
        inputs: z.record(z.string(), z.unknown()).optional(),
      })
      .optional(),
  }),
);
export type InChangeExecutionStatusBody = z.infer<typeof InChangeExecutionStatusBody>;

/** A restart answers the new execution's RunID; cancel, release and acknowledge answer `{}` (the vendor's cancel examples). */
export const OutChangeExecutionStatus = z.object({ run_id: Int32.optional().describe("RunID of the new execution; only when the action is restart") });
export type OutChangeExecutionStatus = z.infer<typeof OutChangeExecutionStatus>;
