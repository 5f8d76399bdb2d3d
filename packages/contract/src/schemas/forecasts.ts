import { z } from "zod";
import { carries, INT32 } from "../openapi/wire-types";
import { ExecutableTypeList, NamePattern, PlatformList, unlessEmpty } from "./executions";
import { acceptClientSpellings } from "./client-spelling";
import { Int32, IsoDateTime, ObjectName, QueryInt, queryListOf } from "./primitives";

/** FCST: a forecast someone asked for; AFCST: the client's autoforecast, recomputed by the engine. */
export const FORECAST_TYPES = ["FCST", "AFCST"] as const;
export type ForecastType = (typeof FORECAST_TYPES)[number];

/**
 * Which runtime each task counts: `registration` the object's estimated runtime (ERT), `group`
 * the longest of its recent OK runs, `fixed` the given seconds for every task (docs/semantics.md).
 */
export const ERT_GROUP_OPTIONS = ["registration", "group", "fixed"] as const;
export type ErtGroupOption = (typeof ERT_GROUP_OPTIONS)[number];

/** Longest fixed runtime of an object forecast (seconds, inclusive). */
export const OBJECT_FIXED_MAX_SECONDS = 43_200;
/** Fixed runtimes of an execution forecast are below this (seconds, exclusive). */
export const EXECUTION_FIXED_BELOW_SECONDS = 7_200;
/** Longest range GET .../forecasts/agents looks at (Baton's limit: each request forecasts the client anew). */
export const AGENT_GAPS_MAX_DAYS = 31;
/** Most days an execution or client forecast looks ahead (Baton's limit). */
export const FORECAST_MAX_DAYS = 366;

const Title = z.string().max(255, "must be at most 255 characters");
const Days = Int32.min(1, "must be at least 1").max(FORECAST_MAX_DAYS, `must be at most ${FORECAST_MAX_DAYS}`);

/** `fixed` is required with `ert_group_option` fixed; the range is checked whenever it is given. */
function requireFixed(value: { ert_group_option: ErtGroupOption; fixed?: number | undefined }, ctx: z.RefinementCtx): void {
  if (value.ert_group_option === "fixed" && value.fixed === undefined) {
    ctx.addIssue({ code: "custom", message: "is required when ert_group_option is fixed", path: ["fixed"], input: value.fixed });
  }
}

export const InForecastObjectBody = z
  .object({
    name: ObjectName,
    start: IsoDateTime,
    title: Title,
    ert_group_option: z.enum(ERT_GROUP_OPTIONS).default("registration"),
    fixed: Int32.min(1, "must be greater than 0").max(OBJECT_FIXED_MAX_SECONDS, `must be at most ${OBJECT_FIXED_MAX_SECONDS} seconds`).optional(),
  })
  .superRefine(requireFixed);
export type InForecastObjectBody = z.infer<typeof InForecastObjectBody>;

export const InForecastExecutionBody = z
  .object({
    run_id: Int32.min(1),
    title: Title,
    /** Observation period: from now to midnight (UTC) of the last day; runs that began before it are forecast completely. */
    days: Days.default(1),
    ert_group_option: z.enum(ERT_GROUP_OPTIONS).default("registration"),
    fixed: Int32.min(1, "must be greater than 0").max(EXECUTION_FIXED_BELOW_SECONDS - 1, `must be less than ${EXECUTION_FIXED_BELOW_SECONDS} seconds`).optional(),
  })
  .superRefine(requireFixed);
export type InForecastExecutionBody = z.infer<typeof InForecastExecutionBody>;

/** Baton's body of the client option (the spec shows none): a title and the days to look ahead (default: the client's horizon). */
export const InForecastClientBody = z.object({
  title: Title.optional(),
  days: Days.optional(),
});
export type InForecastClientBody = z.infer<typeof InForecastClientBody>;

/** Body of POST /{client_id}/forecasts: the option and the member of that name. */
export const InForecastBody = acceptClientSpellings(
  z.discriminatedUnion("forecast_option", [
    z.object({ forecast_option: z.literal("object"), object: InForecastObjectBody }),
    z.object({ forecast_option: z.literal("execution"), execution: InForecastExecutionBody }),
    z.object({ forecast_option: z.literal("client"), client: InForecastClientBody.default({}) }),
  ]),
);
export type InForecastBody = z.infer<typeof InForecastBody>;

export const InModifyForecastBody = acceptClientSpellings(z.object({ title: Title }));
export type InModifyForecastBody = z.infer<typeof InModifyForecastBody>;

export const InForecastDeleteBody = acceptClientSpellings(
  z.object({
    ids: z.array(Int32).refine((ids) => new Set(ids).size === ids.length, "must not repeat an id"),
    force: z.boolean().default(false),
  }),
);
export type InForecastDeleteBody = z.infer<typeof InForecastDeleteBody>;

export const OutForecastId = z.object({ forecast_id: z.string() });
export type OutForecastId = z.infer<typeof OutForecastId>;

/** Forecasts that were not deleted: unfinished ones, which only force deletes. */
export const OutIdList = z.object({ ids: z.array(Int32) });
export type OutIdList = z.infer<typeof OutIdList>;

export const OutForecastEntry = z.object({
  /** Numbered per forecast from 1; containers come before their tasks. */
  id: Int32,
  /** The entry id of the container (workflow, schedule) the task belongs to; 0 at the top. */
  parent: Int32,
  name: z.string(),
  /** Object type, e.g. JOBS. */
  type: z.string(),
  container_type: z.string().optional(),
  estimated_start: IsoDateTime.optional(),
  estimated_end: IsoDateTime.optional(),
  estimated_runtime: Int32.optional(),
  agent_source: z.string().optional(),
  agent_destination: z.string().optional(),
  platform_destination: z.string().optional(),
  /** For tasks that have already started: their execution's status. */
  status: Int32.optional(),
  status_text: z.string().optional(),
  login_source: z.string().optional(),
  login_destination: z.string().optional(),
});
export type OutForecastEntry = z.infer<typeof OutForecastEntry>;

export const OutForecast = z.object({
  id: Int32,
  title: z.string(),
  start_time: IsoDateTime,
  end_time: IsoDateTime,
  status: Int32,
  status_text: z.string(),
  type: z.enum(FORECAST_TYPES),
  user: z.string(),
  estimated_start: IsoDateTime.optional(),
  estimated_end: IsoDateTime.optional(),
  last_error_message: z.string().optional(),
  last_error_code: Int32.optional(),
  entries: z.array(OutForecastEntry).optional(),
});
export type OutForecast = z.infer<typeof OutForecast>;

export const OutForecastList = z.object({ total: Int32, data: z.array(OutForecast), hasmore: z.boolean() });
export type OutForecastList = z.infer<typeof OutForecastList>;

export const OutForecastAgentSlot = z.object({
  from: IsoDateTime,
  to: IsoDateTime,
  /** ISO 8601 duration, e.g. PT1H30M. */
  duration: z.string(),
});
export type OutForecastAgentSlot = z.infer<typeof OutForecastAgentSlot>;

export const OutForecastAgent = z.object({ agent: z.string(), slots: z.array(OutForecastAgentSlot) });
export type OutForecastAgent = z.infer<typeof OutForecastAgent>;

export const OutForecastAgentList = z.object({ total: Int32, data: z.array(OutForecastAgent), hasmore: z.boolean() });
export type OutForecastAgentList = z.infer<typeof OutForecastAgentList>;

/** A date-time query value (ISO 8601 with offset) as epoch milliseconds. */
/** A date-time query parameter; a missing or malformed one is named with an example. */
const QueryDateTime = z
  .string({ error: "is required: an ISO 8601 date-time such as 2026-05-01T06:00:00Z" })
  .pipe(IsoDateTime.transform((v) => Date.parse(v)));

/** ISO 8601 durations: PnYnMnWnDTnHnMnS, each part optional (at least one), decimals with a point. */
export const ISO_DURATION_PATTERN = /^P(?!$)(\d+(?:\.\d+)?Y)?(\d+(?:\.\d+)?M)?(\d+(?:\.\d+)?W)?(\d+(?:\.\d+)?D)?(T(?=\d)(\d+(?:\.\d+)?H)?(\d+(?:\.\d+)?M)?(\d+(?:\.\d+)?S)?)?$/;

/**
 * ISO_DURATION_PATTERN as a request may write it: the vendor's swagger reads `min_duration` as
 * java.time.Duration does, letters in either case and a comma or a point before decimals.
 */
const DURATION_INPUT_PATTERN =
  /^[Pp](?!$)(\d+(?:[.,]\d+)?[Yy])?(\d+(?:[.,]\d+)?[Mm])?(\d+(?:[.,]\d+)?[Ww])?(\d+(?:[.,]\d+)?[Dd])?([Tt](?=\d)(\d+(?:[.,]\d+)?[Hh])?(\d+(?:[.,]\d+)?[Mm])?(\d+(?:[.,]\d+)?[Ss])?)?$/;

export const FORECAST_FIELDS = ["entries"] as const;

const PAGE = QueryInt.pipe(z.int().min(1)).default(50);

/** Filters on entries: in the list a forecast matches when one of its entries does; with fields=entries only matching entries are shown. */
const entryFilters = {
  name: NamePattern,
  type: ExecutableTypeList.optional(),
  estimated_start_from: QueryDateTime.optional(),
  estimated_start_to: QueryDateTime.optional(),
  agent_destination: NamePattern,
  agent_source: NamePattern,
  platform_destination: PlatformList.optional(),
  fields: queryListOf((v) => FORECAST_FIELDS.find((f) => f === v.toLowerCase()), `is not one of ${FORECAST_FIELDS.join(", ")}`).optional(),
};

function startBoundsInOrder(q: { estimated_start_from?: number | undefined; estimated_start_to?: number | undefined }): boolean {
  return q.estimated_start_from === undefined || q.estimated_start_to === undefined || q.estimated_start_from <= q.estimated_start_to;
}
const START_BOUNDS_ORDER = { message: "must not be before estimated_start_from", path: ["estimated_start_to"] };

/** Query of GET /{client_id}/forecasts (max_results is Baton's, default 50). */
export const ForecastListQuery = z
  .object({
    fc_title: unlessEmpty(z.string().max(255, "must be at most 255 characters")),
    fc_start_time: QueryDateTime.optional(),
    fc_end_time: QueryDateTime.optional(),
    fc_type: z
      .string()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(FORECAST_TYPES, "must be FCST or AFCST"))
      .optional(),
    max_results: PAGE,
    ...entryFilters,
  })
  .refine(startBoundsInOrder, START_BOUNDS_ORDER);
export type ForecastListQuery = z.infer<typeof ForecastListQuery>;

/** Query of GET /{client_id}/forecasts/{forecast_id}: the entry filters. */
export const ForecastQuery = z.object(entryFilters).refine(startBoundsInOrder, START_BOUNDS_ORDER);
export type ForecastQuery = z.infer<typeof ForecastQuery>;

/**
 * Agent types (platforms) of GET .../forecasts/agents: "Supports multiple, comma-separated values"
 * (the vendor's swagger), each also with the `*` and `?` wildcards; upper-cased.
 */
const AgentTypePatterns = queryListOf((v) => (/^[A-Za-z0-9_*?]{1,32}$/.test(v) ? v.toUpperCase() : undefined), "is not an agent type such as UNIX or WINDOWS (the wildcards * and ? are allowed)").describe(
  "Agent types (platforms) such as UNIX or WINDOWS, comma-separated or repeated; wildcards * and ? allowed; an agent of any of them is listed.",
);

/** Query of GET /{client_id}/forecasts/agents; `from` and `to` are required. */
export const ForecastAgentsQuery = z
  .object({
    name: NamePattern,
    type: AgentTypePatterns.optional(),
    version: unlessEmpty(z.string().max(200, "must be at most 200 characters")),
    from: QueryDateTime,
    to: QueryDateTime,
    execution_name: NamePattern,
    min_duration: z
      .string()
      .regex(DURATION_INPUT_PATTERN, "must be an ISO 8601 duration such as PT1H or P1DT30M")
      .transform((v) => v.toUpperCase().replace(/,/g, "."))
      .optional(),
    max_results: PAGE,
  })
  .refine((q) => q.from <= q.to, { message: "must not be before from", path: ["to"] })
  .refine((q) => q.to - q.from <= AGENT_GAPS_MAX_DAYS * 86_400_000, { message: `must be at most ${AGENT_GAPS_MAX_DAYS} days after from`, path: ["to"] });
export type ForecastAgentsQuery = z.infer<typeof ForecastAgentsQuery>;

/** Forecast ids in paths are positive int32. */
export const ForecastIdParam = carries(z.string().regex(/^\d{1,10}$/, "forecast_id must be a number").transform(Number).pipe(z.int().min(1).max(2147483647)), { ...INT32, minimum: 1 });
