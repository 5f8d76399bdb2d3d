import { isRecord } from "@baton/contract";
import type { ObjectBody } from "@baton/contract";
import { scriptPage } from "./object-definition";

/** One entry of a static variable: its key and its non-empty values (value1..value5, in order). */
export interface SearchVariable {
  key: string;
  values: string[];
}

/** One event of a calendar (CALE) as the search lists it. */
export interface SearchCalendarEvent {
  name: string;
  /** STATIC, GROUP, ROLL, ... (the event's `type`; GROUP when it has group definitions; else STATIC). */
  ctype: string;
  /** First and last valid day, 00:00 UTC in epoch milliseconds; null when the event selects no day. */
  validFrom: number | null;
  validTo: number | null;
  /** Calendars a group event draws its days from (its group definitions). */
  childCalendars: string[];
}

/** What the search reads of an object besides its name, type, folder and dates. */
export interface SearchFields {
  title: string | null;
  archiveKey1: string | null;
  archiveKey2: string | null;
  /** Upper case. */
  platform: string | null;
  /** Upper case. */
  subType: string | null;
  /** Jobs only: the agent and login fields, upper case. */
  agent: string | null;
  login: string | null;
  /** The lines of the object's process pages, one per line. */
  process: string | null;
  /** The lines of every documentation page, structured entries as `name=value`. */
  documentation: string | null;
  /** Static VARA only. */
  variables: SearchVariable[];
  /** CALE only. */
  calendarEvents: SearchCalendarEvent[];
}

/**
 * The searchable fields of an object definition: which members of which type feed which search
 * column (docs/decisions.md, "Search"). Pure, so that the store derives them when it writes an
 * object and tests can state them per type.
 */
export function searchFields(type: string, body: ObjectBody): SearchFields {
  const general = body.general_attributes;
  const job = type === "JOBS" ? record(body["job_attributes"]) : {};
  return {
    title: text(general["title"]),
    archiveKey1: text(general["archive_key1"]),
    archiveKey2: text(general["archive_key2"]),
    platform: upper(text(general["platform"]) ?? text(record(body["job_attributes"])["platform"]) ?? text(record(body["agent_group_attributes"])["platform"])),
    subType: upper(text(general["sub_type"])),
    agent: upper(text(job["agent"])),
    login: upper(text(job["login"])),
    process: lines(scriptPage(body, "process")),
    documentation: lines(documentationLines(body["documentation"])),
    variables: type === "VARA" && isStaticVariable(body) ? staticVariables(body["static_values"]) : [],
    calendarEvents: type === "CALE" ? calendarEvents(body) : [],
  };
}

/** A scalar member as text: strings as they are, numbers and flags as written; empty → null. */
function text(value: unknown): string | null {
  if (typeof value === "string") return value === "" ? null : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

function upper(value: string | null): string | null {
  return value === null ? null : value.trim().toUpperCase();
}

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

function lines(all: readonly string[]): string | null {
  return all.length === 0 ? null : all.join("\n");
}

/**
 * `documentation` maps page names to arrays of lines. Unstructured pages hold text; structured
 * (XML) pages, named with `_` for the `@` of their XML name, hold lines such as `OWNER=ops` or
 * entries `{"name": ..., "value": ...}`, written here as `name=value` so keys and values both match.
 */
function documentationLines(documentation: unknown): string[] {
  if (!isRecord(documentation)) return [];
  return Object.values(documentation).flatMap((page) => (Array.isArray(page) ? page.flatMap(documentationEntry) : documentationEntry(page)));
}

function documentationEntry(entry: unknown): string[] {
  const line = text(entry);
  if (line !== null) return [line];
  if (!isRecord(entry)) return [];
  return Object.entries(entry).flatMap(([key, value]) => {
    const inner = text(value);
    return inner === null ? documentationEntry(value).map((l) => `${key}.${l}`) : [`${key}=${inner}`];
  });
}

/** A VARA is static unless its definitions name another type (SQL, FILE, ...). */
function isStaticVariable(body: ObjectBody): boolean {
  const type = text(record(body["variable_definitions"])["type"]);
  return type === null || type.toUpperCase() === "STATIC";
}

const VALUE_COLUMNS = ["value1", "value2", "value3", "value4", "value5"] as const;

function staticVariables(rows: unknown): SearchVariable[] {
  if (!Array.isArray(rows)) return [];
  return rows.filter(isRecord).flatMap((row) => {
    const key = text(row["key"]);
    if (key === null) return [];
    const values = VALUE_COLUMNS.map((c) => text(row[c])).filter((v): v is string => v !== null);
    return [{ key, values }];
  });
}

/**
 * Events of a calendar with their validity: the event's own `valid_from`/`valid_to` (YYYY-MM-DD)
 * when it has them, else its first and last selected day in `calendar_definitions`.
 */
function calendarEvents(body: ObjectBody): SearchCalendarEvent[] {
  const events = Array.isArray(body["events"]) ? body["events"].filter(isRecord) : [];
  const definitions = Array.isArray(body["calendar_definitions"]) ? body["calendar_definitions"].filter(isRecord) : [];
  const groups = Array.isArray(body["group_definitions"]) ? body["group_definitions"].filter(isRecord) : [];
  return events.flatMap((event) => {
    const name = upper(text(event["name"]));
    if (name === null) return [];
    const line = Number(event["line_number"] ?? event["event_line_number"]);
    const ofEvent = (entry: Record<string, unknown>) => Number(entry["event_line_number"]) === line;
    const childCalendars = [...new Set(groups.filter(ofEvent).map((g) => upper(text(g["calendar"]))).filter((c): c is string => c !== null))];
    const selected = definitions.filter(ofEvent).flatMap(selectedDays);
    return [
      {
        name,
        ctype: upper(text(event["type"])) ?? (childCalendars.length > 0 ? "GROUP" : "STATIC"),
        validFrom: dayOf(event["valid_from"]) ?? (selected.length === 0 ? null : Math.min(...selected)),
        validTo: dayOf(event["valid_to"]) ?? (selected.length === 0 ? null : Math.max(...selected)),
        childCalendars,
      },
    ];
  });
}

/** The selected days of one year's content string (31 characters a month, "1" selected) as times. */
function selectedDays(definition: Record<string, unknown>): number[] {
  const year = Number(definition["year"]);
  const content = typeof definition["content"] === "string" ? definition["content"] : "";
  if (!Number.isInteger(year)) return [];
  return [...content].flatMap((ch, index) => {
    const time = ch === "1" ? dayIndexToTime(year, index) : null;
    return time === null ? [] : [time];
  });
}

/** Day `index` of the 372-character year string as a time; null for a day the month does not have. */
function dayIndexToTime(year: number, index: number): number | null {
  const month = Math.floor(index / 31);
  const day = (index % 31) + 1;
  const time = Date.UTC(year, month, day);
  return new Date(time).getUTCDate() === day ? time : null;
}

/** A `YYYY-MM-DD` member as the time of that day's start (UTC), or null. */
function dayOf(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value ? null : time;
}
