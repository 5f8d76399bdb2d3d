import { Status, isFinalStatus, type MetricType } from "@baton/contract";
import type { Execution } from "../domain/execution";
import { performance, type EventLoopUtilization } from "node:perf_hooks";
import { Counter, Gauge, Registry, collectDefaultMetrics } from "prom-client";
import type { Agent } from "../runtime/agent-port";
import type { Store } from "../store/connect";
import { countExecutionsEndedSince, countUnendedExecutions } from "../store/metrics-store";
import { RequestDurations } from "./request-durations";

/** What one sampling minute saw, written as one value per metric type. */
export type MinuteSample = Record<MetricType, number>;

export interface EngineMetricsDeps {
  store: Store;
  /** The connected agents, by name. */
  agents: ReadonlyMap<string, Agent>;
}

/**
 * The engine's metrics: Prometheus counters and gauges (prom-client), the REST request durations
 * (`RequestDurations`, observed on every request), and the per-minute figures the sampler stores
 * as historic metrics. Execution counts come from the status events; active and waiting
 * executions from the database when asked.
 */
export class EngineMetrics {
  readonly registry = new Registry();
  readonly #started: Counter<"type">;
  readonly #ended: Counter<"type" | "status">;
  readonly #requestSeconds = new RequestDurations("baton_api_request_duration_seconds", "REST API request durations, by route pattern, method and status.", [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]);
  readonly #endedRecently: Gauge<"outcome">;
  /** This minute so far: counts, API requests and a uniform sample of their durations in ms. */
  #minute = newMinute();
  /** The event loop's busy and idle time up to the last sample, to take the minute's share from. */
  #loop: EventLoopUtilization = performance.eventLoopUtilization();

  constructor(private readonly deps: EngineMetricsDeps) {
    collectDefaultMetrics({ register: this.registry, prefix: "baton_" });
    this.#started = new Counter({ name: "baton_executions_started_total", help: "Executions that became active, by type.", labelNames: ["type"], registers: [this.registry] });
    this.#ended = new Counter({ name: "baton_executions_ended_total", help: "Executions that ended, by type and status code.", labelNames: ["type", "status"], registers: [this.registry] });
    this.#endedRecently = new Gauge({ name: "baton_executions_ended_in_interval", help: "Executions that ended within the scrape interval (scrapeIntervalSeconds), by outcome.", labelNames: ["outcome"], registers: [this.registry] });
    const gauge = (name: string, help: string, read: () => Promise<number> | number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        async collect() {
          this.set(await read());
        },
      });
    gauge("baton_executions_active", "Executions that have started and not ended.", () => this.#unended("active"));
    gauge("baton_executions_waiting", "Executions waiting for a start time, queue slot, agent, resource or release.", () => this.#unended("waiting"));
    gauge("baton_queue_depth", "Executions waiting for a queue slot.", () => this.#unended("queue"));
    gauge("baton_agents_connected", "Agents connected now, in-process ones included.", () => this.deps.agents.size);
    const pool = deps.store.poolStats;
    if (pool) {
      gauge("baton_db_pool_connections", "Database connections open in the pool.", () => pool().total);
      gauge("baton_db_pool_idle", "Database connections idle in the pool.", () => pool().idle);
      gauge("baton_db_pool_waiting", "Queries waiting for a database connection.", () => pool().waiting);
    }
  }

  /** Counts an execution's status change (subscribed to the event bus). */
  observe(execution: Execution): void {
    if (execution.status === Status.ACTIVE) {
      this.#started.inc({ type: execution.objectType });
      this.#minute.started += 1;
    } else if (isFinalStatus(execution.status)) {
      this.#ended.inc({ type: execution.objectType, status: String(execution.status) });
      if (execution.status >= Status.ENDED_OK) this.#minute.endedOk += 1;
      else this.#minute.endedNotOk += 1;
    }
  }

  /** Records one REST request (its route pattern, not its path, so that labels stay few). */
  observeRequest(route: string, method: string, status: number, seconds: number): void {
    this.#requestSeconds.observe(route, method, status, seconds);
    const minute = this.#minute;
    minute.requests += 1;
    minute.totalMs += seconds * 1000;
    // Reservoir sampling: every request of the minute is equally likely to be among the kept ones.
    if (minute.latencies.length < LATENCY_SAMPLE) minute.latencies.push(seconds * 1000);
    else {
      const slot = Math.floor(Math.random() * minute.requests);
      if (slot < LATENCY_SAMPLE) minute.latencies[slot] = seconds * 1000;
    }
  }

  /** The Prometheus text, with the executions ended within the last `intervalSeconds`. */
  async prometheusText(intervalSeconds: number, now: number): Promise<string> {
    const ended = await countExecutionsEndedSince(this.deps.store.db, now - intervalSeconds * 1000);
    this.#endedRecently.set({ outcome: "ok" }, ended.ok);
    this.#endedRecently.set({ outcome: "not_ok" }, ended.notOk);
    return `${await this.registry.metrics()}\n${this.#requestSeconds.text()}\n`;
  }

  /** The figures of the minute now over, and a fresh minute. */
  async takeMinute(): Promise<MinuteSample> {
    const minute = this.#minute;
    this.#minute = newMinute();
    const loop = performance.eventLoopUtilization(this.#loop);
    this.#loop = performance.eventLoopUtilization();
    const latencies = [...minute.latencies].sort((a, b) => a - b);
    // The database's answer time, as the sampler's own queries see it (TimevsDB's `db`).
    const probeStart = performance.now();
    const active = await this.#unended("active");
    const waiting = await this.#unended("waiting");
    const dbMs = performance.now() - probeStart;
    return {
      executions_started: minute.started,
      executions_ended_ok: minute.endedOk,
      executions_ended_not_ok: minute.endedNotOk,
      active_executions: active,
      waiting_executions: waiting,
      agents_connected: this.deps.agents.size,
      api_requests: minute.requests,
      api_latency_p50_ms: percentile(latencies, 0.5),
      api_latency_p99_ms: percentile(latencies, 0.99),
      api_latency_mean_ms: minute.requests === 0 ? 0 : minute.totalMs / minute.requests,
      busy_ms: loop.active,
      busy_percent: loop.utilization * 100,
      db_ms: dbMs,
    };
  }

  async #unended(kind: "active" | "waiting" | "queue"): Promise<number> {
    return countUnendedExecutions(this.deps.store.db, kind);
  }
}

/** Request durations kept per minute for its percentiles. */
const LATENCY_SAMPLE = 10_000;

function newMinute() {
  return { started: 0, endedOk: 0, endedNotOk: 0, requests: 0, totalMs: 0, latencies: [] as number[] };
}

/** The value at quantile `q` of sorted values (nearest rank), 0 for none. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}
