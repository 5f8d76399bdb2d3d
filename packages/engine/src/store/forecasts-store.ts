import { Right, type ForecastType, type RightBit } from "@baton/contract";
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, type Expression } from "kysely";
import { wildcardToLike } from "../domain/wildcard";
import { matchesWildcard } from "./like";
import type { Database } from "./schema";
import type { ForecastEntriesTable, ForecastsTable } from "./schema/forecasts";
import { inTransaction } from "./transaction";

export interface ForecastSubject {
  /** The types whose rights reach the subject: a period container's are C_PERIOD and its object's (stored joined by commas). */
  type: string | readonly string[];
  name: string;
  right: RightBit;
}

/** A forecast as stored, without its entries. Times are epoch milliseconds. */
export interface Forecast {
  id: number;
  client: number;
  type: ForecastType;
  title: string;
  user: string;
  status: number;
  /** What the forecast is of, and the right on it reading needs: the object, or the object of the execution; null for the whole client. */
  subject: ForecastSubject | null;
  startTime: number;
  endTime: number;
  estimatedStart: number | null;
  estimatedEnd: number | null;
  lastErrorCode: number | null;
  lastErrorMessage: string | null;
  createdAt: number;
}

export type NewForecast = Omit<Forecast, "id" | "estimatedStart" | "estimatedEnd" | "lastErrorCode" | "lastErrorMessage"> & { request: string };

/** How a calculation ended: the period it covered and its status, with the error when it failed. */
export type ForecastOutcome = Pick<Forecast, "status" | "startTime" | "endTime" | "estimatedStart" | "estimatedEnd" | "lastErrorCode" | "lastErrorMessage">;

/** One entry of a forecast; null where the entry has no such value. */
export interface ForecastEntry {
  id: number;
  parent: number;
  name: string;
  objectType: string;
  containerType: string | null;
  estimatedStart: number | null;
  estimatedEnd: number | null;
  estimatedRuntime: number | null;
  agentSource: string | null;
  agentDestination: string | null;
  platformDestination: string | null;
  loginSource: string | null;
  loginDestination: string | null;
  status: number | null;
}

/** Narrows entries; patterns take `*` and `?` and are upper case, as names are stored. */
export interface EntryFilter {
  name?: string | undefined;
  objectTypes?: readonly string[] | undefined;
  startFrom?: number | undefined;
  startTo?: number | undefined;
  agentDestination?: string | undefined;
  agentSource?: string | undefined;
  platforms?: readonly string[] | undefined;
}

/** Narrows the list of forecasts; `entries` keeps those with at least one matching entry. */
export interface ForecastFilter {
  title?: string | undefined;
  /** Only forecasts starting at or after this. */
  startFrom?: number | undefined;
  /** Only forecasts ending at or before this. */
  endTo?: number | undefined;
  type?: ForecastType | undefined;
  entries?: EntryFilter | undefined;
}

const RIGHTS: readonly RightBit[] = Object.values(Right);

/** Rows per insert: 15 columns each stays far below SQLite's limit of bound parameters. */
const ENTRY_BATCH = 500;

export async function insertForecast(db: Kysely<Database>, forecast: NewForecast): Promise<number> {
  const row = await db
    .insertInto("forecasts")
    .values({
      client: forecast.client,
      type: forecast.type,
      title: forecast.title,
      user: forecast.user,
      status: forecast.status,
      subject_type: forecast.subject === null ? null : typeof forecast.subject.type === "string" ? forecast.subject.type : forecast.subject.type.join(","),
      subject_name: forecast.subject?.name ?? null,
      subject_right: forecast.subject?.right ?? null,
      request: forecast.request,
      start_time: forecast.startTime,
      end_time: forecast.endTime,
      created_at: forecast.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Stores a calculation's outcome and replaces the forecast's entries with `entries`, in one
 * transaction; nothing when the forecast was deleted meanwhile (force-deleted while calculating).
 */
export async function completeForecast(db: Kysely<Database>, client: number, id: number, outcome: ForecastOutcome, entries: readonly ForecastEntry[]): Promise<void> {
  await inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable("forecasts")
      .set({
        status: outcome.status,
        start_time: outcome.startTime,
        end_time: outcome.endTime,
        estimated_start: outcome.estimatedStart,
        estimated_end: outcome.estimatedEnd,
        last_error_code: outcome.lastErrorCode,
        last_error_message: outcome.lastErrorMessage,
      })
      .where("client", "=", client)
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return;
    await trx.deleteFrom("forecast_entries").where("forecast_id", "=", id).execute();
    for (let i = 0; i < entries.length; i += ENTRY_BATCH) {
      await trx
        .insertInto("forecast_entries")
        .values(entries.slice(i, i + ENTRY_BATCH).map((e) => toEntryRow(id, e)))
        .execute();
    }
  });
}

export async function findForecast(db: Kysely<Database>, client: number, id: number): Promise<Forecast | undefined> {
  const row = await db.selectFrom("forecasts").selectAll().where("client", "=", client).where("id", "=", id).executeTakeFirst();
  return row && toForecast(row);
}

/** The client's autoforecast, if it has one. */
export async function findAutoforecast(db: Kysely<Database>, client: number): Promise<Forecast | undefined> {
  const row = await db.selectFrom("forecasts").selectAll().where("client", "=", client).where("type", "=", "AFCST").orderBy("id").executeTakeFirst();
  return row && toForecast(row);
}

/** The client's forecasts that pass the filter, latest start first (then the higher id). */
export async function listForecasts(db: Kysely<Database>, client: number, filter: ForecastFilter): Promise<Forecast[]> {
  let query = db.selectFrom("forecasts").selectAll().where("client", "=", client);
  if (filter.type !== undefined) query = query.where("type", "=", filter.type);
  if (filter.startFrom !== undefined) query = query.where("start_time", ">=", filter.startFrom);
  if (filter.endTo !== undefined) query = query.where("end_time", "<=", filter.endTo);
  if (filter.title !== undefined) query = query.where(upperMatches("title", filter.title));
  const entryFilter = filter.entries;
  if (entryFilter !== undefined && entryConditions(entryFilter).length > 0) {
    query = query.where((eb) =>
      eb.exists(
        entryConditions(entryFilter).reduce(
          (sub, condition) => sub.where(condition),
          eb.selectFrom("forecast_entries").select(sql<number>`1`.as("one")).whereRef("forecast_entries.forecast_id", "=", "forecasts.id"),
        ),
      ),
    );
  }
  const rows = await query.orderBy("start_time", "desc").orderBy("id", "desc").execute();
  return rows.map(toForecast);
}

/** Entries of the forecasts that pass the filter, by forecast, each in id order. */
export async function listEntries(db: Kysely<Database>, forecastIds: readonly number[], filter: EntryFilter): Promise<Map<number, ForecastEntry[]>> {
  const byForecast = new Map<number, ForecastEntry[]>(forecastIds.map((id) => [id, []]));
  if (forecastIds.length === 0) return byForecast;
  const query = entryConditions(filter).reduce((q, condition) => q.where(condition), db.selectFrom("forecast_entries").selectAll().where("forecast_id", "in", [...forecastIds]));
  for (const row of await query.orderBy("forecast_id").orderBy("id").execute()) byForecast.get(row.forecast_id)?.push(toEntry(row));
  return byForecast;
}

export async function retitleForecast(db: Kysely<Database>, client: number, id: number, title: string): Promise<void> {
  await db.updateTable("forecasts").set({ title }).where("client", "=", client).where("id", "=", id).execute();
}

/** Deletes forecasts of the client with their entries. */
export async function deleteForecasts(db: Kysely<Database>, client: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await inTransaction(db, async (trx) => {
    const owned = (await trx.selectFrom("forecasts").select("id").where("client", "=", client).where("id", "in", [...ids]).execute()).map((r) => r.id);
    if (owned.length === 0) return;
    await trx.deleteFrom("forecast_entries").where("forecast_id", "in", owned).execute();
    await trx.deleteFrom("forecasts").where("id", "in", owned).execute();
  });
}

/** Ends every forecast still in status `calculating` with the given status and error; returns how many. */
export async function endCalculatingForecasts(db: Kysely<Database>, calculating: number, outcome: { status: number; code: number; message: string }): Promise<number> {
  const result = await db
    .updateTable("forecasts")
    .set({ status: outcome.status, last_error_code: outcome.code, last_error_message: outcome.message })
    .where("status", "=", calculating)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The longest runtime in seconds of each object's last `limit` ENDED_OK executions of its own
 * type (a period container carries the name of the object it activates); objects without such
 * runs are left out.
 */
export async function longestRecentRuntimes(db: Kysely<Database>, client: number, objects: ReadonlyMap<string, string>, limit: number): Promise<Map<string, number>> {
  const longest = new Map<string, number>();
  if (objects.size === 0) return longest;
  const recent = db
    .selectFrom("executions")
    .select(["name", "object_type", sql<number>`end_time - start_time`.as("millis"), sql<number>`row_number() over (partition by name, object_type order by end_time desc)`.as("position")])
    .where("client", "=", client)
    .where("name", "in", [...objects.keys()])
    .where("status", "=", 1900)
    .where("start_time", "is not", null)
    .where("end_time", "is not", null)
    .as("recent");
  const rows = await db
    .selectFrom(recent)
    .select(["name", "object_type", (eb) => eb.fn.max("millis").as("longest")])
    .where("position", "<=", limit)
    .groupBy(["name", "object_type"])
    .execute();
  for (const row of rows) if (objects.get(row.name) === row.object_type) longest.set(row.name, Number(row.longest) / 1000);
  return longest;
}

type EntryConditions = ExpressionBuilder<Database, "forecast_entries">;

function entryConditions(filter: EntryFilter): ((eb: EntryConditions) => Expression<SqlBool>)[] {
  const conditions: ((eb: EntryConditions) => Expression<SqlBool>)[] = [];
  const { name, objectTypes, startFrom, startTo, agentDestination, agentSource, platforms } = filter;
  if (name !== undefined) conditions.push(() => matchesWildcard("forecast_entries.name", name));
  if (objectTypes !== undefined && objectTypes.length > 0) conditions.push((eb) => eb("forecast_entries.object_type", "in", [...objectTypes]));
  if (startFrom !== undefined) conditions.push((eb) => eb("forecast_entries.estimated_start", ">=", startFrom));
  if (startTo !== undefined) conditions.push((eb) => eb("forecast_entries.estimated_start", "<=", startTo));
  if (agentDestination !== undefined) conditions.push(() => matchesWildcard("forecast_entries.agent_destination", agentDestination));
  if (agentSource !== undefined) conditions.push(() => matchesWildcard("forecast_entries.agent_source", agentSource));
  if (platforms !== undefined && platforms.length > 0) conditions.push((eb) => eb("forecast_entries.platform_destination", "in", [...platforms]));
  return conditions;
}

/** Free text compared ignoring the case of A-Z, with the `*` and `?` wildcards. */
function upperMatches(column: "title", pattern: string): Expression<SqlBool> {
  const upper = pattern.replace(/[a-z]/g, (c) => c.toUpperCase());
  return sql<SqlBool>`upper(${sql.ref(column)}) like ${wildcardToLike(upper)} escape '\\'`;
}

function toForecast(row: Selectable<ForecastsTable>): Forecast {
  return {
    id: row.id,
    client: row.client,
    type: row.type === "AFCST" ? "AFCST" : "FCST",
    title: row.title,
    user: row.user,
    status: row.status,
    subject: subjectOf(row),
    startTime: row.start_time,
    endTime: row.end_time,
    estimatedStart: row.estimated_start,
    estimatedEnd: row.estimated_end,
    lastErrorCode: row.last_error_code,
    lastErrorMessage: row.last_error_message,
    createdAt: row.created_at,
  };
}

function subjectOf(row: Selectable<ForecastsTable>): ForecastSubject | null {
  const right = RIGHTS.find((r) => r === row.subject_right);
  if (row.subject_type === null || row.subject_name === null || right === undefined) return null;
  return { type: row.subject_type.includes(",") ? row.subject_type.split(",") : row.subject_type, name: row.subject_name, right };
}

function toEntry(row: Selectable<ForecastEntriesTable>): ForecastEntry {
  return {
    id: row.id,
    parent: row.parent,
    name: row.name,
    objectType: row.object_type,
    containerType: row.container_type,
    estimatedStart: row.estimated_start,
    estimatedEnd: row.estimated_end,
    estimatedRuntime: row.estimated_runtime,
    agentSource: row.agent_source,
    agentDestination: row.agent_destination,
    platformDestination: row.platform_destination,
    loginSource: row.login_source,
    loginDestination: row.login_destination,
    status: row.status,
  };
}

function toEntryRow(forecastId: number, e: ForecastEntry): ForecastEntriesTable {
  return {
    forecast_id: forecastId,
    id: e.id,
    parent: e.parent,
    name: e.name,
    object_type: e.objectType,
    container_type: e.containerType,
    estimated_start: e.estimatedStart,
    estimated_end: e.estimatedEnd,
    estimated_runtime: e.estimatedRuntime,
    agent_source: e.agentSource,
    agent_destination: e.agentDestination,
    platform_destination: e.platformDestination,
    login_source: e.loginSource,
    login_destination: e.loginDestination,
    status: e.status,
  };
}
