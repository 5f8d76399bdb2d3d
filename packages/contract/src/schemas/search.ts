import { z } from "zod";
import { acceptClientSpellings } from "./client-spelling";
import { Int32 } from "./primitives";

/**
 * Below this a date is taken as seconds since the epoch, from it on as milliseconds: 10^11 seconds
 * lie in the year 5138 and 10^11 milliseconds in 1973, so no date in use is ambiguous.
 */
const SECONDS_BELOW = 100_000_000_000;

/** A unix epoch date, in seconds or milliseconds (see SECONDS_BELOW), answered in milliseconds. */
export const EpochDate = z.int().min(0).max(8_640_000_000_000_000).transform((v) => (v < SECONDS_BELOW ? v * 1000 : v));

/** A `*`/`?` pattern of a search filter. */
const Pattern = z.string().trim().min(1, "must not be empty").max(1024);
/** Values of the list filters (object types, platforms, sub types), compared upper case. */
const UpperList = z.array(z.string().trim().min(1).max(32).transform((v) => v.toUpperCase())).min(1, "must list at least one value");
/** Full-text filters take a query: words or "quoted phrases", each with `*` and `?` wildcards. */
const TextQuery = z.object({ query: z.string().trim().min(1, "must hold a word to search for").max(1024) });

export const SEARCH_GRANULARITIES = ["OBJECT", "CALENDAR_EVENT"] as const;
export const SEARCH_TIME_FRAME_OPTIONS = ["created", "modified", "used"] as const;
export type SearchTimeFrameOption = (typeof SEARCH_TIME_FRAME_OPTIONS)[number];

/** Sort properties of POST /search (spec: "Search and scripts"). */
export const SEARCH_SORT_COLUMNS = [
  "name",
  "type",
  "sub_type",
  "platform",
  "title",
  "archive_key1",
  "archive_key2",
  "folder_path",
  "modified_date",
  "last_used_date",
  "creation_date",
  "calendar_event_name",
  "calendar_event_ctype",
  "calendar_event_valid_from",
  "calendar_event_valid_to",
] as const;
export type SearchSortColumn = (typeof SEARCH_SORT_COLUMNS)[number];

const filter = <I extends string, S extends z.ZodRawShape>(identifier: I, shape: S) => z.object({ filter_identifier: z.literal(identifier), ...shape });

/** The filters of the spec's table, told apart by `filter_identifier`. */
export const SearchFilter = z.discriminatedUnion("filter_identifier", [
  filter("object_name", { object_name: Pattern }),
  filter("calendar_event", { calendar_event: Pattern.optional(), time_frame_from: EpochDate.optional(), time_frame_to: EpochDate.optional() }),
  filter("granularity", { granularity: z.enum(SEARCH_GRANULARITIES) }),
  filter("location", { location: z.string().trim().max(1000), include_subfolders: z.boolean().default(false) }),
  filter("time_frame", {
    time_frame_option: z.enum(SEARCH_TIME_FRAME_OPTIONS),
    time_frame_from: EpochDate.optional(),
    time_frame_to: EpochDate.optional(),
  }),
  filter("client", {}),
  filter("object_id", { object_id: z.int().min(1).max(2147483647) }),
  filter("variable_key", { variable_key: Pattern }),
  filter("agent", { agent: Pattern }),
  filter("login", { login: Pattern }),
  // Longer keys than 32 characters are accepted and find nothing (spec: Limits).
  filter("archive_key", { archive_key: Pattern }),
  filter("variable_value", { variable_value: Pattern }),
  filter("title", TextQuery.shape),
  filter("process", TextQuery.shape),
  filter("documentation", TextQuery.shape),
  filter("object_type", { object_types: UpperList }),
  filter("platform", { platforms: UpperList }),
  filter("object_sub_type", { object_sub_types: UpperList }),
]);
export type SearchFilter = z.infer<typeof SearchFilter>;

export const SearchSortColumnEntry = z.object({
  column: z.enum(SEARCH_SORT_COLUMNS),
  order: z.enum(["ASC", "DESC"]).default("ASC"),
});

/**
 * Body of POST /{client_id}/search: every filter must hold for an object to be found. Numbers may
 * come as strings and identifiers in any letter case (acceptClientSpellings).
 */
export const InSearchBody = acceptClientSpellings(
  z.object({
    filters: z.array(SearchFilter).min(1, "must hold at least one filter"),
    max_results: Int32.min(1).default(50),
    start_at: Int32.min(0).default(0),
    sort_columns: z.array(SearchSortColumnEntry).default([]),
  }),
);
export type InSearchBody = z.infer<typeof InSearchBody>;

/**
 * One found object (or, with granularity CALENDAR_EVENT, one calendar event with its calendar),
 * in the shape clients of this interface read. Dates are epoch milliseconds.
 */
export const OutSearchResultItem = z.object({
  name: z.string(),
  type: z.string(),
  id: z.string(),
  title: z.string().nullable(),
  archive_key1: z.string().nullable(),
  archive_key2: z.string().nullable(),
  /** `\FOLDER\SUB`; `\` is the root. */
  folder_path: z.string(),
  /** Folders are paths in Baton and have no id of their own. */
  folder_id: z.string().nullable(),
  modified_date: z.number(),
  /** Last activation; null unless the client setting LAST_USE is ON. */
  last_used_date: z.number().nullable(),
  link: z.boolean(),
  score: z.number(),
  calendar_keyword_name: z.string().nullable(),
  calendar_keyword_ctype: z.string().nullable(),
  calendar_keyword_valid_from: z.number().nullable(),
  calendar_keyword_valid_to: z.number().nullable(),
  calendar_keyword_child_calendar_names: z.array(z.string()),
  creation_date: z.number(),
});
export type OutSearchResultItem = z.infer<typeof OutSearchResultItem>;

/** ResultInfo: one page of the search result and the exact number of matches. */
export const ResultInfo = z.object({
  total: Int32,
  data: z.array(OutSearchResultItem),
  hasmore: z.boolean(),
});
export type ResultInfo = z.infer<typeof ResultInfo>;
