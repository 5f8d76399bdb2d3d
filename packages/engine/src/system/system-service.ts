import { X509Certificate } from "node:crypto";
import { ErrorCode, type MetricsQuery, type OutCertificatesList, type OutHealthCheck, type OutMetrics } from "@baton/contract";
import { requirePrivilege } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import { invalid } from "../domain/errors";
import { wireTime } from "../domain/wire-time";
import type { Clock } from "../runtime/clock";
import type { Store } from "../store/connect";
import { countUnendedExecutions, deleteMetricSamplesBefore, insertMetricSamples, readMetricSamples } from "../store/metrics-store";
import type { NodeRow } from "../store/cluster-store";
import type { Cluster, NodeRole } from "./cluster";
import type { EngineMetrics } from "./engine-metrics";
import { metricTypeReading } from "./metric-types";

const MINUTE_MS = 60_000;
/** Historic metrics are sampled once a minute unless the host says otherwise. */
const DEFAULT_SAMPLE_MS = MINUTE_MS;
/** Historic metrics are kept this long. */
const METRICS_KEPT_MS = 31 * 24 * 60 * MINUTE_MS;
/** Samples of the whole system (every node added up) are told as this process. */
const SYSTEM_PROCESS_NAME = "BATON";
const DEFAULT_METRICS_RANGE_MS = 60 * MINUTE_MS;

export interface SystemServiceDeps {
  store: Store;
  clock: Clock;
  metrics: EngineMetrics;
  /** The nodes sharing the database, and which of them leads the scheduler. */
  cluster: Pick<Cluster, "nodes" | "nodeId">;
  /** PEM texts of the TLS certificates this process serves with (empty without HTTPS). */
  certificates: readonly string[];
  /** The sampling period of the historic metrics (a minute by default; tests shorten it). */
  samplePeriodMs?: number;
}

/** Health, Prometheus metrics and historic metrics of the system, sampled once a minute. */
export class SystemService {
  #timer: NodeJS.Timeout | undefined;
  /** The start of the last period this node stored. */
  #lastStored: number | undefined;

  constructor(private readonly deps: SystemServiceDeps) {}

  /**
   * The processes of the health check as the live nodes play them: PWP the scheduler leader, WP
   * every node, JWP, JCP and REST the nodes serving the API, CP those taking agents (with their
   * agent connections). Healthy needs a PWP, a CP and a JWP.
   */
  async health(details: boolean): Promise<OutHealthCheck> {
    const { nodes, leader } = await this.deps.cluster.nodes();
    const withRole = (role: NodeRole) => nodes.filter((node) => node.roles.split(",").includes(role));
    const part = (members: readonly NodeRow[], connections: (node: NodeRow) => number = () => 0) => ({
      status: members.length > 0 ? ("UP" as const) : ("DOWN" as const),
      instancesRunning: members.length,
      ...(details && { available: members.map((node) => ({ name: node.id, count_of_connections: connections(node), last_life_sign: wireTime(node.last_seen_at) })) }),
    });
    const api = part(withRole("api"));
    const check: OutHealthCheck = {
      status: "UP",
      pwp: part(nodes.filter((node) => node.id === leader)),
      wp: part(nodes),
      jwp: api,
      jcp: api,
      rest: api,
      cp: part(withRole("agents"), (node) => node.agent_connections),
    };
    check.status = check.pwp.status === "UP" && check.cp.status === "UP" && check.jwp.status === "UP" ? "UP" : "DOWN";
    return details ? { ...check, count_active_executions: (await countUnendedExecutions(this.deps.store.db, "active")) + (await countUnendedExecutions(this.deps.store.db, "waiting")) } : check;
  }

  /** Each certificate of the served chain: subject, issuer, validity and SHA-256 fingerprint. */
  certificates(principal: Principal): OutCertificatesList {
    requirePrivilege(principal, "SYSTEM_OVERVIEW");
    const now = this.deps.clock.now();
    const data = this.deps.certificates.flatMap(pemCertificates).map((certificate) => ({
      process: this.deps.cluster.nodeId,
      subject: certificate.subject.replaceAll("\n", ", "),
      issuer: certificate.issuer.replaceAll("\n", ", "),
      serial_number: certificate.serialNumber,
      valid_from: wireTime(certificate.validFrom),
      valid_to: wireTime(certificate.validTo),
      fingerprint_sha256: certificate.fingerprint256,
      expired: Date.parse(certificate.validTo) < now,
    }));
    return { total: data.length, data, hasmore: false };
  }

  async prometheus(principal: Principal, intervalSeconds: number): Promise<string> {
    requirePrivilege(principal, "SYSTEM_OVERVIEW");
    return this.deps.metrics.prometheusText(intervalSeconds, this.deps.clock.now());
  }

  /**
   * One metric type's sampled intervals in [from, to] (the last hour by default), in the vendor's
   * entry shape: each entry holds the type's values of one interval. Any range is read: samples
   * are kept 31 days, so no range reads more than that.
   */
  async historic(principal: Principal, query: MetricsQuery): Promise<OutMetrics> {
    requirePrivilege(principal, "SYSTEM_OVERVIEW");
    const to = query.time_frame_to ?? this.deps.clock.now();
    const from = query.time_frame_from ?? to - DEFAULT_METRICS_RANGE_MS;
    if (from > to) throw invalid(ErrorCode.INVALID_REQUEST, "time_frame_from", "must not be after time_frame_to", new Date(from).toISOString());
    const reading = metricTypeReading(query.type);
    const series = [...new Set(Object.values(reading.values))];
    const samples = new Map(await Promise.all(series.map(async (type) => [type, new Map((await readMetricSamples(this.deps.store.db, type, from, to)).map((sample) => [sample.at, sample.value]))] as const)));
    const times = [...new Set([...samples.values()].flatMap((values) => [...values.keys()]))].sort((a, b) => a - b);
    const interval = this.#period() / MINUTE_MS;
    return times.map((at) => ({
      // The interval's start in epoch seconds: unique per type, as the vendor's row ids are.
      idnr: Math.floor(at / 1000),
      type: query.type,
      timestamp: wireTime(at),
      wp_name: SYSTEM_PROCESS_NAME,
      tcp_ip_addr: "",
      srv_type: reading.srvType,
      interval,
      values: Object.fromEntries(Object.entries(reading.values).map(([name, type]) => [name, samples.get(type)?.get(at) ?? 0])),
    }));
  }

  /**
   * Stores the period now over (at its start) and forgets samples older than 31 days. A period this
   * node has stored already (a sample asked for beside the timer's) gets only what came since: the
   * counts taken meanwhile, not its connected agents once more, which the nodes' samples add up.
   */
  async sample(): Promise<void> {
    const period = this.#period();
    const start = Math.floor(this.deps.clock.now() / period) * period - period;
    const taken = await this.deps.metrics.takeMinute();
    const values = start === this.#lastStored ? { ...taken, agents_connected: 0 } : taken;
    this.#lastStored = start;
    await insertMetricSamples(this.deps.store.db, start, values);
    await deleteMetricSamplesBefore(this.deps.store.db, start - METRICS_KEPT_MS);
  }

  /** Samples at the turn of every period (every minute by default). */
  start(onError: (error: unknown) => void): void {
    const period = this.#period();
    const schedule = () => {
      const now = this.deps.clock.now();
      this.#timer = setTimeout(() => {
        this.sample().catch(onError).finally(schedule);
      }, period - (now % period));
      this.#timer.unref();
    };
    schedule();
  }

  #period(): number {
    return this.deps.samplePeriodMs ?? DEFAULT_SAMPLE_MS;
  }

  stop(): void {
    clearTimeout(this.#timer);
  }
}

/** The certificates of a PEM text (a chain holds several). */
function pemCertificates(pem: string): X509Certificate[] {
  return (pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map((block) => new X509Certificate(block));
}
