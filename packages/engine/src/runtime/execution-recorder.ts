import { isFinalStatus } from "@baton/contract";
import type { Transaction } from "kysely";
import { queueCallback } from "../store/callbacks-store";
import type { Execution, ExecutionChanges } from "../domain/execution";
import type { ExecutionChanged } from "../domain/execution-changed";
import type { Store } from "../store/connect";
import type { Database } from "../store/schema";
import { beforeCommit } from "../store/before-commit";
import { appendEvents } from "../store/events-store";
import { insertExecution, updateExecution, type NewExecution } from "../store/executions-store";
import type { Clock } from "./clock";
import type { ExecutionEventBus } from "./event-bus";
import { inTransaction } from "../store/transaction";

/**
 * The texts a change is kept as outside the engine, made by the edge's presenters
 * (http/presenters/change-presenter.ts): the events table's row, which listeners replay, and the body
 * of an ended execution's callback. Both are written in the change's own transaction.
 */
export interface ChangeTexts {
  event(execution: Execution, at: number): string;
  callback(execution: Execution, at: number): string;
}

/** This node: it owns what it changes, and announces the changes to the other nodes inside their transaction (ClusterEvents). */
export interface RecordingNode {
  nodeId: string;
  announce(trx: Transaction<Database>, events: readonly ExecutionChanged[]): Promise<void>;
}

/**
 * Writes executions and their status changes. Every change is one transaction holding the
 * update and its event row; the event is published on the bus once the transaction committed.
 * The event rows of a transaction (of every transaction sharing its commit) are written together
 * just before the commit, with one insert.
 */
export class ExecutionRecorder {
  /** Events of each open transaction, written just before it commits. */
  readonly #unwritten = new WeakMap<Transaction<Database>, Array<{ event: ExecutionChanged; payload: string }>>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly bus: ExecutionEventBus,
    private readonly texts: ChangeTexts,
    private readonly node?: RecordingNode,
  ) {}

  async create(execution: NewExecution, definition: string): Promise<Execution> {
    const now = this.clock.now();
    const { created, event } = await inTransaction(this.store.db, async (trx) => {
      const created = await insertExecution(trx, execution, definition, now, this.node?.nodeId ?? null);
      return { created, event: this.#appendEvent(trx, created, now) };
    });
    this.bus.publish(event);
    return created;
  }

  /** Creates executions in one transaction, in the order given (their RunIDs ascend in it). */
  async createMany(executions: ReadonlyArray<{ execution: NewExecution; definition: string }>): Promise<Execution[]> {
    const now = this.clock.now();
    const results = await inTransaction(this.store.db, async (trx) => {
      const created: Array<{ created: Execution; event: ExecutionChanged }> = [];
      for (const { execution, definition } of executions) {
        const inserted = await insertExecution(trx, execution, definition, now, this.node?.nodeId ?? null);
        created.push({ created: inserted, event: this.#appendEvent(trx, inserted, now) });
      }
      return created;
    });
    for (const { event } of results) this.bus.publish(event);
    return results.map(({ created }) => created);
  }

  async change(execution: Pick<Execution, "client" | "runId">, changes: ExecutionChanges): Promise<Execution> {
    const changed = await this.claim(execution, undefined, changes);
    if (changed === undefined) throw new Error(`execution ${execution.runId} of client ${execution.client} does not exist`);
    return changed;
  }

  /**
   * Records the end of an execution that has none yet; undefined when it has ended already. The
   * first end stands: a node that took over from one presumed dead may have ended it lost.
   */
  end(execution: Pick<Execution, "client" | "runId">, changes: ExecutionChanges): Promise<Execution | undefined> {
    return this.claim(execution, "unfinished", changes);
  }

  /**
   * Changes the status only if the execution still has `fromStatus` (undefined: any; "unfinished":
   * any below 1800); returns undefined when another change came first. This is how waiting
   * executions are claimed once.
   */
  async claim(execution: Pick<Execution, "client" | "runId">, fromStatus: number | "unfinished" | undefined, changes: ExecutionChanges): Promise<Execution | undefined> {
    const now = this.clock.now();
    const result = await inTransaction(this.store.db, (trx) => this.#change(trx, execution, fromStatus, changes, now));
    if (result === undefined) return undefined;
    this.bus.publish(result.event);
    return result.updated;
  }

  /**
   * Claims in one transaction the executions `select` picks (and locks) in it, each changed only
   * if it still has `fromStatus`; the events are published once the transaction committed.
   */
  async claimMany(select: (trx: Transaction<Database>) => Promise<readonly Execution[]>, fromStatus: number, changes: ExecutionChanges): Promise<Execution[]> {
    const now = this.clock.now();
    const results = await inTransaction(this.store.db, async (trx) => {
      const claimed: Array<{ updated: Execution; event: ExecutionChanged }> = [];
      for (const execution of await select(trx)) {
        const result = await this.#change(trx, execution, fromStatus, changes, now);
        if (result !== undefined) claimed.push(result);
      }
      return claimed;
    });
    for (const { event } of results) this.bus.publish(event);
    return results.map(({ updated }) => updated);
  }

  async #change(trx: Transaction<Database>, execution: Pick<Execution, "client" | "runId">, fromStatus: number | "unfinished" | undefined, changes: ExecutionChanges, now: number): Promise<{ updated: Execution; event: ExecutionChanged } | undefined> {
    const result = await updateExecution(trx, execution.client, execution.runId, changes, now, fromStatus, this.node?.nodeId);
    if (result === undefined) return undefined;
    const updated = result.execution;
    const event = this.#appendEvent(trx, updated, now);
    // The callback's delivery is queued with the end itself, so neither is recorded without the other.
    if (isFinalStatus(updated.status)) await queueCallback(trx, updated.client, updated.runId, result.callback, this.texts.callback(updated, now), now);
    return { updated, event };
  }

  #appendEvent(trx: Transaction<Database>, execution: Execution, now: number): ExecutionChanged {
    const event: ExecutionChanged = { seq: 0, client: execution.client, at: now, execution };
    let unwritten = this.#unwritten.get(trx);
    if (unwritten === undefined) {
      unwritten = [];
      this.#unwritten.set(trx, unwritten);
      beforeCommit(trx, () => this.#writeEvents(trx));
    }
    unwritten.push({ event, payload: this.texts.event(execution, now) });
    return event;
  }

  /** Writes a transaction's events, gives each its seq and announces them to the other nodes. */
  async #writeEvents(trx: Transaction<Database>): Promise<void> {
    const unwritten = this.#unwritten.get(trx) ?? [];
    this.#unwritten.delete(trx);
    const rows = unwritten.map(({ event, payload }) => ({ client: event.client, runId: event.execution.runId, payload, createdAt: event.at }));
    const seqs = await appendEvents(trx, rows);
    unwritten.forEach(({ event }, i) => (event.seq = seqs[i] ?? 0));
    await this.node?.announce(trx, unwritten.map(({ event }) => event));
  }
}
