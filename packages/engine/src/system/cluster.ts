import { hostname } from "node:os";
import type { Logger } from "pino";
import type { Clock } from "../runtime/clock";
import { acquireLease, forgetNode, leaseHolder, liveNodes, recordNodeAlive, releaseLease, type NodeRow } from "../store/cluster-store";
import type { Store } from "../store/connect";

/** What a node does: answer the REST API and console, hold agents, run the scheduler. */
export const NODE_ROLES = ["api", "agents", "scheduling"] as const;
export type NodeRole = (typeof NODE_ROLES)[number];

/**
 * How long a node counts as alive after its last life sign: three heartbeats, and never less than
 * the lease. A busy node (a saturated pool, a loaded machine) signs late; taking its executions over
 * then would end its running jobs as lost while they run on.
 */
export function aliveWindowMs(heartbeatMs: number, leaseMs: number): number {
  return Math.max(3 * heartbeatMs, leaseMs);
}

/** The lease of the scheduler leader (PWP). */
export const SCHEDULER_LEASE = "scheduler";

export interface ClusterOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  nodeId: string;
  roles: readonly NodeRole[];
  /** How often the node says it is alive and renews its lease. */
  heartbeatMs: number;
  /** How long a lease lasts without renewal: another node takes over after it. */
  leaseMs: number;
  /** Told when this node became (true) or stopped being (false) the scheduler leader. */
  onLeadership(leader: boolean): void;
  /** Standalone agents connected to this node now, reported with its life sign. */
  connectedAgents(): readonly string[];
  /** Work of the leader after each heartbeat (taking over from nodes that died); it never delays the next life sign. */
  whileLeading?(): Promise<unknown>;
}

/**
 * This node among the nodes sharing the database: its life sign every heartbeat, and, when it
 * may schedule, the scheduler lease, taken when free or expired and renewed while held. A node
 * that cannot reach the database lets its lease run out rather than schedule blind.
 */
export class Cluster {
  #leader = false;
  #timer: NodeJS.Timeout | undefined;
  #tick: Promise<void> = Promise.resolve();
  /** The leader's work under way, if any: one at a time. */
  #leading: Promise<void> | undefined;
  #stopped = false;
  readonly #startedAt: number;

  constructor(private readonly options: ClusterOptions) {
    this.#startedAt = options.clock.now();
  }

  get nodeId(): string {
    return this.options.nodeId;
  }

  get leader(): boolean {
    return this.#leader;
  }

  /**
   * Says it is alive and takes the lease it may take now, then again every heartbeat, counted from
   * the start of the previous one.
   */
  async start(): Promise<void> {
    await this.beat();
    const again = (delay: number) => {
      if (this.#stopped) return;
      this.#timer = setTimeout(() => {
        const started = this.options.clock.now();
        this.#tick = this.beat().finally(() => again(Math.max(0, this.options.heartbeatMs - (this.options.clock.now() - started))));
      }, delay);
      this.#timer.unref();
    };
    again(this.options.heartbeatMs);
  }

  /** One heartbeat: the life sign, and the scheduler lease taken, renewed or lost; the leader's work follows on its own. */
  async beat(): Promise<void> {
    const { store, clock, nodeId, roles } = this.options;
    const now = clock.now();
    try {
      const agents = this.options.connectedAgents();
      await recordNodeAlive(store.db, { id: nodeId, host: hostname(), pid: process.pid, roles: roles.join(","), agent_connections: agents.length, agents: agents.join(","), started_at: this.#startedAt }, now);
      // One SQLite file has one node: it leads without waiting for a crashed predecessor's lease.
      const leader = roles.includes("scheduling") && (store.dialect === "sqlite" || (await acquireLease(store.db, SCHEDULER_LEASE, nodeId, now, this.options.leaseMs)));
      this.#lead(leader);
      if (leader) this.#leading ??= this.#whileLeading();
    } catch (error) {
      this.options.logger.error({ err: error }, "could not reach the database for the node's heartbeat");
      this.#lead(false);
    }
  }

  /** Resolves once the leader's work begun by the last heartbeat is done. */
  async settled(): Promise<void> {
    await this.#tick;
    await this.#leading;
  }

  async #whileLeading(): Promise<void> {
    try {
      await this.options.whileLeading?.();
    } catch (error) {
      this.options.logger.error({ err: error }, "the scheduler leader's work after a heartbeat failed");
    } finally {
      this.#leading = undefined;
    }
  }

  /** Nodes alive now (a life sign within the alive window) and which of them leads. */
  async nodes(): Promise<{ nodes: NodeRow[]; leader: string | undefined }> {
    const { store, clock, heartbeatMs, leaseMs, nodeId } = this.options;
    const now = clock.now();
    const leader = store.dialect === "sqlite" ? (this.#leader ? nodeId : undefined) : await leaseHolder(store.db, SCHEDULER_LEASE, now);
    return { nodes: await liveNodes(store.db, now - aliveWindowMs(heartbeatMs, leaseMs)), leader };
  }

  /** The live node another than this one that holds a connection of standalone agent `name`, if any. */
  async nodeOfAgent(name: string): Promise<string | undefined> {
    const { nodes } = await this.nodes();
    return nodes.find((node) => node.id !== this.options.nodeId && node.agents.split(",").includes(name))?.id;
  }

  /** Stops beating, gives the lease up and leaves the list of nodes. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.settled();
    this.#lead(false);
    const { store, nodeId, clock } = this.options;
    await releaseLease(store.db, SCHEDULER_LEASE, nodeId).catch(() => undefined);
    await forgetNode(store.db, nodeId, clock.now() - 24 * 3600_000).catch(() => undefined);
  }

  #lead(leader: boolean): void {
    if (leader === this.#leader) return;
    this.#leader = leader;
    this.options.logger.info({ node: this.options.nodeId }, leader ? "this node leads the scheduler" : "this node no longer leads the scheduler");
    this.options.onLeadership(leader);
  }
}
