import { ErrorCode, type ForecastAgentsQuery, type ForecastListQuery, type ForecastQuery, type ForecastType, type InForecastBody, type InForecastClientBody, type InForecastExecutionBody, type InForecastObjectBody, Right, wildcardRegExp } from "@baton/contract";
import { DateTime, Duration } from "luxon";
import type { Logger } from "pino";
import { requirePrivilege, requireRight } from "../auth/access";
import { typesOf } from "../auth/acts";
import type { Principal } from "../auth/authenticator";
import type { Execution } from "../domain/execution";
import type { Agent } from "../runtime/agent-port";
import type { Clock } from "../runtime/clock";
import type { RuntimeEstimator } from "../runtime/runtime-estimator";
import type { Store } from "../store/connect";
import { deleteForecasts, endCalculatingForecasts, findForecast, insertForecast, listEntries, listForecasts, retitleForecast, type EntryFilter, type Forecast, type ForecastEntry, type ForecastSubject, type NewForecast } from "../store/forecasts-store";
import { findObject } from "../store/objects-store";
import { agentGaps, type Interval } from "./agent-gaps";
import { Autoforecasts, horizonDays } from "./autoforecasts";
import { entryFilterOf, forecastNotFound, mayReadForecast, requireReadForecast } from "./forecast-access";
import { ForecastCalculator } from "./forecast-calculator";
import { busyIntervals } from "./forecast-entries";
import { DAY_MS, ForecastPlans } from "./forecast-plans";
import { ForecastStatus } from "./forecast-status";

/** How often every client's autoforecast is recomputed. */
const AUTOFORECAST_EVERY_MS = 3600 * 1000;
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

/**
 * Forecasts: created on request and calculated in the background (status 1550 until done), the
 * client's autoforecast recomputed hourly, agent gaps computed on request. Reading a forecast
 * needs the FORECASTS privilege and the right its subject asked for when it was created.
 */
export class ForecastService {
  readonly #plans: ForecastPlans;
  readonly #calculator: ForecastCalculator;
  readonly #autoforecasts: Autoforecasts;
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: ForecastServiceDeps) {
    this.#plans = new ForecastPlans(deps);
    this.#calculator = new ForecastCalculator({ ...deps, plans: this.#plans });
    this.#autoforecasts = new Autoforecasts({ ...deps, plans: this.#plans, calculator: this.#calculator });
  }

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
      if (leads()) this.#calculator.track(this.refreshAutoforecasts());
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
    return this.#calculator.idle();
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
      mayReadForecast(principal, f),
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
    for (const forecast of found) requireReadForecast(principal, forecast);
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
    const { entries } = await this.#plans.place(await this.#plans.client(principal.client, now, Math.max(now, query.to)));
    const counts = query.execution_name === undefined ? undefined : wildcardRegExp(query.execution_name);
    const slots = agents.map((agent) => ({ agent, slots: agentGaps(busyIntervals(entries, agent, (name) => counts?.test(name) ?? true), { from: query.from, to: query.to }, minDurationMs) }));
    const page = slots.slice(0, query.max_results);
    return { total: slots.length, agents: page, hasmore: slots.length > page.length };
  }

  /** Recomputes every client's autoforecast (AFCST) over its horizon; one at a time. */
  async refreshAutoforecasts(): Promise<void> {
    return this.#autoforecasts.refresh();
  }

  async #createForObject(principal: Principal, request: InForecastObjectBody): Promise<number> {
    const object = await findObject(this.deps.store.db, principal.client, request.name);
    // A missing object is reported by the forecast itself (45273), as anything else planning cannot follow.
    if (object !== undefined) requireRight(principal, Right.READ, object.type, object.name);
    const start = Date.parse(request.start);
    const subject = object === undefined ? null : { type: object.type, name: object.name, right: Right.READ };
    const id = await this.#insert(principal, { type: "FCST", title: request.title, subject, startTime: start, endTime: start, request: { forecast_option: "object", object: request } });
    this.#calculator.inBackground(principal.client, id, () => this.#plans.object(principal.client, request, start));
    return id;
  }

  async #createForExecution(principal: Principal, request: InForecastExecutionBody): Promise<number> {
    const execution = await this.deps.execution(principal, request.run_id);
    const now = this.deps.clock.now();
    // The period ends at midnight (UTC) of its last day; today is the first.
    const until = DateTime.fromMillis(now, { zone: "UTC" }).startOf("day").plus({ days: request.days }).toMillis();
    // Read by the rights that reach the execution: a period container's by C_PERIOD or the object it activates.
    const subject = { type: typesOf(execution), name: execution.name, right: Right.STATISTICS };
    const id = await this.#insert(principal, { type: "FCST", title: request.title, subject, startTime: now, endTime: until, request: { forecast_option: "execution", execution: request } });
    this.#calculator.inBackground(principal.client, id, () => this.#plans.execution(principal.client, execution, request, now, until));
    return id;
  }

  async #createForClient(principal: Principal, request: InForecastClientBody): Promise<number> {
    const now = this.deps.clock.now();
    const until = now + (request.days ?? (await horizonDays(this.deps.store, principal.client))) * DAY_MS;
    const id = await this.#insert(principal, { type: "FCST", title: request.title ?? DEFAULT_CLIENT_TITLE, subject: null, startTime: now, endTime: until, request: { forecast_option: "client", client: request } });
    this.#calculator.inBackground(principal.client, id, () => this.#plans.client(principal.client, now, until));
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
    requireReadForecast(principal, forecast);
    return forecast;
  }
}

/** Any of the `*`/`?` patterns against a value; no pattern (or an empty list) matches everything. */
function matchesAny(patterns: readonly string[] | undefined, value: string): boolean {
  return patterns === undefined || patterns.length === 0 || patterns.some((pattern) => wildcardRegExp(pattern).test(value));
}

/** A `*`/`?` pattern against a value; no pattern matches everything. */
function matches(pattern: string | undefined, value: string): boolean {
  return pattern === undefined || wildcardRegExp(pattern).test(value);
}
