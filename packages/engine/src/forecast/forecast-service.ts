import { ErrorCode, type ErtGroupOption, type ForecastAgentsQuery, type ForecastListQuery, type ForecastQuery, type ForecastType, type InForecastBody, type InForecastClientBody, type InForecastExecutionBody, type InForecastObjectBody, isFinalStatus, type ObjectBody, Right, Status, wildcardRegExp } from "@baton/contract";
import { DateTime, Duration } from "luxon";
import type { Logger } from "pino";
import { requirePrivilege, requireRight } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import { allows } from "../domain/authorization";
import { NotFoundError } from "../domain/errors";
import type { Execution } from "../domain/execution";
import type { Agent } from "../runtime/agent-port";
import type { Clock } from "../runtime/clock";
import type { RuntimeEstimator } from "../runtime/runtime-estimator";
import { listClients } from "../store/clients-store";
import type { Store } from "../store/connect";
import { findExecutionBody, listChildren, listUnfinishedTopLevel } from "../store/executions-store";
import {
  completeForecast,
  deleteForecasts,
  endCalculatingForecasts,
  findAutoforecast,
  findForecast,
  insertForecast,
  listEntries,
  listForecasts,
  retitleForecast,
  type EntryFilter,
  type Forecast,
  type ForecastEntry,
  type ForecastSubject,
  type NewForecast,
} from "../store/forecasts-store";
import { findObject } from "../store/objects-store";
import { numericClientSetting } from "../store/client-settings";
import { agentGaps, type Interval } from "./agent-gaps";
import { busyIntervals, placeEntries } from "./forecast-entries";
import { planActivation, planExecution, type ForecastTask, type PlanContext, type RunSources } from "./execution-plan";
import { NotForecastable } from "./plan";
import { PlanSnapshot, type ErtChoice } from "./plan-snapshot";

/** A forecast is calculating (1550), done (1900), failed (1800) or was interrupted by the engine's stop (1815). */
export const ForecastStatus = {
  CALCULATING: Status.ACTIVE,
  DONE: Status.ENDED_OK,
  FAILED: Status.ENDED_NOT_OK,
  INTERRUPTED: Status.ENDED_LOST,
} as const;

const DAY_MS = 24 * 3600 * 1000;
/** How often every client's autoforecast is recomputed. */
const AUTOFORECAST_EVERY_MS = 3600 * 1000;
/** The autoforecast's title, as the vendor's list shows it ("AE REST API - Forecasting"). */
const AUTOFORECAST_TITLE = "AUTOFORECAST";
/** The user autoforecasts are made by: the engine itself. */
const AUTOFORECAST_USER = "SYSTEM";
const DEFAULT_CLIENT_TITLE = "Client forecast";

export interface ForecastServiceDeps {
  store: Store;
  clock: Clock;
  logger: Logger;
  estimator: Pick<RuntimeEstimator, "estimatesFor">;
  /** Connected agents by name: where forecasts place jobs and whose gaps are listed. */
  agents: ReadonlyMap<string, Agent>;
  /** An execution the principal may see (404 when unknown, 403 without the statistics right). */
  execution(principal: Principal, runId: number): Promise<Execution>;
}

/** A forecast with the entries asked for (fields=entries). */
export interface ForecastView {
  forecast: Forecast;
  entries?: ForecastEntry[] | undefined;
}

export interface AgentSlots {
  agent: string;
  slots: Interval[];
}

/** What a calculation produced: tasks to simulate and the period the forecast covers. */
interface Calculated {
  tasks: ForecastTask[];
  snapshot: PlanSnapshot;
  start: number;
  /** The end of the observed period; an object forecast ends with its last entry. */
  end?: number | undefined;
}

/**
 * Forecasts: created on request and calculated in the background (status 1550 until done), the
 * client's autoforecast recomputed hourly, agent gaps computed on request. Reading a forecast
 * needs the FORECASTS privilege and the right its subject asked for when it was created.
 */
export class ForecastService {
  readonly #work = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | undefined;
  #refreshing: Promise<void> | undefined;

  constructor(private readonly deps: ForecastServiceDeps) {}

  /** After a restart: forecasts the previous run left calculating end 1815 and say so. */
  async recover(): Promise<number> {
    return endCalculatingForecasts(this.deps.store.db, ForecastStatus.CALCULATING, {
      status: ForecastStatus.INTERRUPTED,
      code: ErrorCode.FORECAST_INTERRUPTED,
      message: "The engine stopped while the forecast was being calculated; create it again.",
    });
  }

  /**
   * Recomputes the autoforecasts now and then hourly, while `leads()` says this node leads the
   * scheduler: one node of the cluster computes them.
   */
  start(leads: () => boolean): void {
    const refresh = () => {
      if (leads()) this.#track(this.refreshAutoforecasts());
    };
    refresh();
    this.#timer = setInterval(refresh, AUTOFORECAST_EVERY_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /** Resolves when no calculation is under way. */
  async idle(): Promise<void> {
    while (this.#work.size > 0) await Promise.all([...this.#work]);
  }

  /** Creates a forecast and calculates it in the background; returns its id. */
  async create(principal: Principal, body: InForecastBody): Promise<number> {
    requirePrivilege(principal, "FORECASTS");
    switch (body.forecast_option) {
      case "object":
        return this.#createForObject(principal, body.object);
      case "execution":
        return this.#createForExecution(principal, body.execution);
      case "client":
        return this.#createForClient(principal, body.client);
    }
  }

  /** The client's forecasts the principal may read, latest start first, with matching entries when asked for. */
  async list(principal: Principal, query: ForecastListQuery): Promise<{ total: number; forecasts: ForecastView[]; hasmore: boolean }> {
    requirePrivilege(principal, "FORECASTS");
    const entryFilter = entryFilterOf(query);
    const readable = (await listForecasts(this.deps.store.db, principal.client, { title: query.fc_title, startFrom: query.fc_start_time, endTo: query.fc_end_time, type: query.fc_type, entries: entryFilter })).filter((f) =>
      this.#mayRead(principal, f),
    );
    const page = readable.slice(0, query.max_results);
    return { total: readable.length, forecasts: await this.#withEntries(page, query.fields, entryFilter), hasmore: readable.length > page.length };
  }

  async get(principal: Principal, id: number, query: ForecastQuery): Promise<ForecastView> {
    const [view] = await this.#withEntries([await this.#readable(principal, id)], query.fields, entryFilterOf(query));
    if (view === undefined) throw forecastNotFound(principal.client, id);
    return view;
  }

  async retitle(principal: Principal, id: number, title: string): Promise<ForecastView> {
    await this.#readable(principal, id);
    await retitleForecast(this.deps.store.db, principal.client, id, title);
    return { forecast: await this.#readable(principal, id) };
  }

  /**
   * Deletes forecasts; unfinished (calculating) ones only with `force`. Returns the ids that were
   * not deleted for that reason; unknown ids are not reported. A forecast the principal may not
   * read answers 403 and nothing is deleted.
   */
  async remove(principal: Principal, ids: readonly number[], force: boolean): Promise<number[]> {
    requirePrivilege(principal, "FORECASTS");
    const found = (await Promise.all(ids.map((id) => findForecast(this.deps.store.db, principal.client, id)))).filter((f): f is Forecast => f !== undefined);
    for (const forecast of found) this.#requireRead(principal, forecast);
    const kept = found.filter((f) => f.status === ForecastStatus.CALCULATING && !force).map((f) => f.id);
    await deleteForecasts(
      this.deps.store.db,
      principal.client,
      found.map((f) => f.id).filter((id) => !kept.includes(id)),
    );
    return kept;
  }

  /**
   * Each connected agent the filters let through, with the gaps inside [from, to] where the
   * client's forecast, calculated now up to `to`, puts nothing on it (at least `min_duration`
   * long). `execution_name` counts only the entries of those objects as busy.
   */
  async agentGaps(principal: Principal, query: ForecastAgentsQuery): Promise<{ total: number; agents: AgentSlots[]; hasmore: boolean }> {
    requirePrivilege(principal, "FORECASTS");
    const minDurationMs = query.min_duration === undefined ? 0 : Duration.fromISO(query.min_duration).toMillis();
    const agents = [...this.deps.agents.values()]
      .filter((a) => matches(query.name, a.name.toUpperCase()) && matchesAny(query.type, a.platform.toUpperCase()) && matches(query.version, ""))
      .map((a) => a.name.toUpperCase())
      .sort();
    const now = this.deps.clock.now();
    const { entries } = await this.#place(await this.#clientPlan(principal.client, now, Math.max(now, query.to)));
    const counts = query.execution_name === undefined ? undefined : wildcardRegExp(query.execution_name);
    const slots = agents.map((agent) => ({ agent, slots: agentGaps(busyIntervals(entries, agent, (name) => counts?.test(name) ?? true), { from: query.from, to: query.to }, minDurationMs) }));
    const page = slots.slice(0, query.max_results);
    return { total: slots.length, agents: page, hasmore: slots.length > page.length };
  }

  /** Recomputes every client's autoforecast (AFCST) over its horizon; one at a time. */
  async refreshAutoforecasts(): Promise<void> {
    this.#refreshing ??= (async () => {
      try {
        for (const { id } of await listClients(this.deps.store.db)) await this.#refreshAutoforecast(id);
      } finally {
        this.#refreshing = undefined;
      }
    })();
    return this.#refreshing;
  }

  async #refreshAutoforecast(client: number): Promise<void> {
    const now = this.deps.clock.now();
    // The horizon ends at midnight (UTC) of its last day, today the first, as execution forecasts
    // do and as the vendor's autoforecast shows ("estimated_end": "2019-05-20T00:00:00Z").
    const until = DateTime.fromMillis(now, { zone: "UTC" })
      .startOf("day")
      .plus({ days: await this.#horizonDays(client) })
      .toMillis();
    const existing = await findAutoforecast(this.deps.store.db, client);
    const id =
      existing?.id ??
      (await insertForecast(this.deps.store.db, {
        client,
        type: "AFCST",
        title: AUTOFORECAST_TITLE,
        user: AUTOFORECAST_USER,
        status: ForecastStatus.CALCULATING,
        subject: null,
        startTime: now,
        endTime: until,
        createdAt: now,
        request: JSON.stringify({ forecast_option: "client", client: { horizon_until: new Date(until).toISOString() } }),
      }));
    await this.#calculate(client, id, () => this.#clientPlan(client, now, until));
  }

  async #createForObject(principal: Principal, request: InForecastObjectBody): Promise<number> {
    const object = await findObject(this.deps.store.db, principal.client, request.name);
    // A missing object is reported by the forecast itself (45273), as anything else planning cannot follow.
    if (object !== undefined) requireRight(principal, Right.READ, object.type, object.name);
    const start = Date.parse(request.start);
    const subject = object === undefined ? null : { type: object.type, name: object.name, right: Right.READ };
    const id = await this.#insert(principal, { type: "FCST", title: request.title, subject, startTime: start, endTime: start, request: { forecast_option: "object", object: request } });
    this.#calculateInBackground(principal.client, id, () => this.#objectPlan(principal.client, request, start));
    return id;
  }

  async #createForExecution(principal: Principal, request: InForecastExecutionBody): Promise<number> {
    const execution = await this.deps.execution(principal, request.run_id);
    const now = this.deps.clock.now();
    // The period ends at midnight (UTC) of its last day; today is the first.
    const until = DateTime.fromMillis(now, { zone: "UTC" }).startOf("day").plus({ days: request.days }).toMillis();
    const subject = { type: execution.objectType, name: execution.name, right: Right.STATISTICS };
    const id = await this.#insert(principal, { type: "FCST", title: request.title, subject, startTime: now, endTime: until, request: { forecast_option: "execution", execution: request } });
    this.#calculateInBackground(principal.client, id, () => this.#executionPlan(principal.client, execution, request, now, until));
    return id;
  }

  async #createForClient(principal: Principal, request: InForecastClientBody): Promise<number> {
    const now = this.deps.clock.now();
    const until = now + (request.days ?? (await this.#horizonDays(principal.client))) * DAY_MS;
    const id = await this.#insert(principal, { type: "FCST", title: request.title ?? DEFAULT_CLIENT_TITLE, subject: null, startTime: now, endTime: until, request: { forecast_option: "client", client: request } });
    this.#calculateInBackground(principal.client, id, () => this.#clientPlan(principal.client, now, until));
    return id;
  }

  async #insert(principal: Principal, forecast: { type: ForecastType; title: string; subject: ForecastSubject | null; startTime: number; endTime: number; request: unknown }): Promise<number> {
    const row: NewForecast = {
      ...forecast,
      client: principal.client,
      user: principal.userName,
      status: ForecastStatus.CALCULATING,
      createdAt: this.deps.clock.now(),
      request: JSON.stringify(forecast.request),
    };
    return insertForecast(this.deps.store.db, row);
  }

  async #objectPlan(client: number, request: InForecastObjectBody, start: number): Promise<Calculated> {
    const snapshot = await this.#snapshot(client, [request.name], [], ertChoiceOf(request));
    // A schedule's slots of one day are forecast (as the object would run them from `start`).
    const context: PlanContext = { sources: snapshot, runs: this.#runs(client), window: { now: start, until: start + DAY_MS } };
    const tasks = await planActivation(context, request.name, start, "1");
    return { tasks, snapshot, start };
  }

  async #executionPlan(client: number, execution: Execution, request: InForecastExecutionBody, now: number, until: number): Promise<Calculated> {
    if (isFinalStatus(execution.status)) throw new NotForecastable(`execution ${execution.runId} of '${execution.name}' has ended`);
    const runs = this.#runs(client);
    const snapshot = await this.#snapshot(client, [execution.name], [{ type: execution.objectType, body: await runs.definition(execution.runId) }], ertChoiceOf(request));
    const tasks = await planExecution({ sources: snapshot, runs, window: { now, until } }, execution, "1");
    return { tasks, snapshot, start: now, end: until };
  }

  /**
   * Everything the client would run from now until `until`: its top-level executions that have
   * not ended, each as planExecution sees it. An activation that cannot be forecast (a broken
   * definition) is left out rather than failing the whole client.
   */
  async #clientPlan(client: number, now: number, until: number): Promise<Calculated> {
    const runs = this.#runs(client);
    const roots = await listUnfinishedTopLevel(this.deps.store.db, client);
    const bodies = await Promise.all(roots.map(async (r) => ({ type: r.objectType, body: await runs.definition(r.runId) })));
    const snapshot = await this.#snapshot(client, roots.map((r) => r.name), bodies, { option: "registration" });
    const context: PlanContext = { sources: snapshot, runs, window: { now, until } };
    const tasks: ForecastTask[] = [];
    for (const [index, root] of roots.entries()) {
      try {
        tasks.push(...(await planExecution(context, root, String(index + 1))));
      } catch (error) {
        if (!(error instanceof NotForecastable)) throw error;
        this.deps.logger.debug({ runId: root.runId, reason: error.message }, "left out of the client forecast");
      }
    }
    return { tasks, snapshot, start: now, end: until };
  }

  #snapshot(client: number, roots: readonly string[], bodies: readonly { type: string; body: ObjectBody }[], ert: ErtChoice): Promise<PlanSnapshot> {
    const deps = { db: this.deps.store.db, estimator: this.deps.estimator, connectedAgents: () => [...this.deps.agents.keys()], agentMaxJobs: (agent: string) => this.deps.agents.get(agent)?.maxJobs };
    return PlanSnapshot.load(deps, client, roots, bodies, ert);
  }

  /** Executions' children and definitions as planning reads them; each definition is read once per calculation. */
  #runs(client: number): RunSources {
    const { db } = this.deps.store;
    const definitions = new Map<number, ObjectBody>();
    return {
      children: (runId) => listChildren(db, client, runId),
      definition: async (runId) => {
        const known = definitions.get(runId);
        if (known !== undefined) return known;
        // An execution deleted since it was listed (with its client) plans as an object without members.
        const body = (await findExecutionBody(db, client, runId)) ?? { general_attributes: { name: "" } };
        definitions.set(runId, body);
        return body;
      },
    };
  }

  #place(calculated: Calculated) {
    return placeEntries(calculated.tasks, calculated.snapshot.limits(), (name) => calculated.snapshot.transferDestination(name));
  }

  #calculateInBackground(client: number, id: number, calculate: () => Promise<Calculated>): void {
    this.#track(this.#calculate(client, id, calculate));
  }

  /** Calculates and stores the outcome: 1900 with the entries, or 1800 with why (45273 for what cannot be forecast). */
  async #calculate(client: number, id: number, calculate: () => Promise<Calculated>): Promise<void> {
    const { db } = this.deps.store;
    try {
      const calculated = await calculate();
      const placed = await this.#place(calculated);
      const end = calculated.end ?? placed.estimatedEnd ?? calculated.start;
      await completeForecast(db, client, id, { status: ForecastStatus.DONE, startTime: calculated.start, endTime: end, estimatedStart: placed.estimatedStart, estimatedEnd: placed.estimatedEnd, lastErrorCode: null, lastErrorMessage: null }, placed.entries);
    } catch (error) {
      const expected = error instanceof NotForecastable;
      if (!expected) this.deps.logger.error({ err: error, forecastId: id }, "forecast calculation failed");
      const current = await findForecast(db, client, id);
      if (current === undefined) return;
      const message = expected ? `The forecast cannot be calculated: ${error.message}.` : `The forecast calculation failed: ${error instanceof Error ? error.message : String(error)}.`;
      await completeForecast(db, client, id, { status: ForecastStatus.FAILED, startTime: current.startTime, endTime: current.endTime, estimatedStart: null, estimatedEnd: null, lastErrorCode: expected ? ErrorCode.FORECAST_NOT_CALCULABLE : ErrorCode.INTERNAL, lastErrorMessage: message }, []);
    }
  }

  #track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => this.deps.logger.error({ err: error }, "forecast work failed"));
    this.#work.add(tracked);
    void tracked.finally(() => this.#work.delete(tracked));
  }

  async #withEntries(forecasts: readonly Forecast[], fields: readonly string[] | undefined, filter: EntryFilter): Promise<ForecastView[]> {
    if (!(fields ?? []).includes("entries")) return forecasts.map((forecast) => ({ forecast }));
    const entries = await listEntries(
      this.deps.store.db,
      forecasts.map((f) => f.id),
      filter,
    );
    return forecasts.map((forecast) => ({ forecast, entries: entries.get(forecast.id) ?? [] }));
  }

  async #readable(principal: Principal, id: number): Promise<Forecast> {
    requirePrivilege(principal, "FORECASTS");
    const forecast = await findForecast(this.deps.store.db, principal.client, id);
    if (forecast === undefined) throw forecastNotFound(principal.client, id);
    this.#requireRead(principal, forecast);
    return forecast;
  }

  #mayRead(principal: Principal, forecast: Forecast): boolean {
    return forecast.subject === null || allows(principal.rights, forecast.subject.right, forecast.subject.type, forecast.subject.name);
  }

  #requireRead(principal: Principal, forecast: Forecast): void {
    if (forecast.subject !== null) requireRight(principal, forecast.subject.right, forecast.subject.type, forecast.subject.name);
  }

  #horizonDays(client: number): Promise<number> {
    return numericClientSetting(this.deps.store.db, client, "FORECAST_HORIZON_DAYS");
  }
}

function forecastNotFound(client: number, id: number): NotFoundError {
  return new NotFoundError(ErrorCode.FORECAST_NOT_FOUND, "Forecast not found.", `Forecast ${id} does not exist in client ${client}.`);
}

function ertChoiceOf(request: { ert_group_option: ErtGroupOption; fixed?: number | undefined }): ErtChoice {
  return request.ert_group_option === "fixed" ? { option: "fixed", seconds: request.fixed ?? 0 } : { option: request.ert_group_option };
}

function entryFilterOf(query: ForecastQuery | ForecastListQuery): EntryFilter {
  return {
    name: query.name,
    objectTypes: query.type,
    startFrom: query.estimated_start_from,
    startTo: query.estimated_start_to,
    agentDestination: query.agent_destination,
    agentSource: query.agent_source,
    platforms: query.platform_destination,
  };
}

/** Any of the `*`/`?` patterns against a value; no pattern (or an empty list) matches everything. */
function matchesAny(patterns: readonly string[] | undefined, value: string): boolean {
  return patterns === undefined || patterns.length === 0 || patterns.some((pattern) => wildcardRegExp(pattern).test(value));
}

/** A `*`/`?` pattern against a value; no pattern matches everything. */
function matches(pattern: string | undefined, value: string): boolean {
  return pattern === undefined || wildcardRegExp(pattern).test(value);
}
