import type { ObjectBody } from "@baton/contract";
import type { Logger } from "pino";
import { ERT_SAMPLE_SIZE, MIN_ERT_SECONDS, ertRuleOf, ownErtRule, parseErtMethod, estimateRuntime, type ErtRule } from "../domain/ert";
import type { Store } from "../store/connect";
import { inTransaction } from "../store/transaction";
import { findObject, findObjectsNamed } from "../store/objects-store";
import { findRuntimeEstimate, findRuntimeEstimates, recentOkRuntimes, saveRuntimeEstimate } from "../store/runtime-estimates-store";
import { numericClientSetting, textClientSetting } from "../store/client-settings";
import type { Clock } from "./clock";

/**
 * Estimated runtimes (ERT): an object's estimate is recomputed each time one of its executions
 * ends OK, from its last 25 OK runtimes, by the object's method or the client's.
 */
export class RuntimeEstimator {
  /** Recomputations under way, by client and object name, and whether ends came in meanwhile. */
  readonly #recomputing = new Map<string, { again: boolean; done: Promise<void> }>();

  constructor(private readonly deps: { store: Store; clock: Clock; logger: Logger }) {}

  /** The estimate an execution of the object starts with, if there is one. */
  async estimateFor(client: number, name: string, body: ObjectBody): Promise<number | undefined> {
    const rule = await this.#rule(client, body);
    return rule.method === "FIXED" ? estimateRuntime([], rule) : findRuntimeEstimate(this.deps.store.db, client, name);
  }

  /** The estimates executions of these objects would start with, by name (objects without one are left out). */
  async estimatesFor(client: number, names: readonly string[]): Promise<Map<string, number>> {
    const { db } = this.deps.store;
    const stored = await findRuntimeEstimates(db, client, names);
    const clientRule = await this.#clientRule(client, true);
    for (const object of await findObjectsNamed(db, client, names)) {
      const rule = ertRuleOf(object.body, clientRule);
      if (rule.method === "FIXED") stored.set(object.name, estimateRuntime([], rule) ?? MIN_ERT_SECONDS);
    }
    return stored;
  }

  /**
   * After an execution of the object ended OK; settles once an estimate that counts this end is
   * stored. Ends of one object that come while its estimate is being recomputed share one more
   * recomputation after it: a thousand runs of an object ending in one second cost a few, not a
   * thousand, reads of its last 25 runs.
   */
  afterOk(client: number, name: string): Promise<void> {
    const key = `${client}/${name}`;
    const running = this.#recomputing.get(key);
    if (running !== undefined) {
      running.again = true;
      return running.done;
    }
    const flight = { again: false, done: Promise.resolve() };
    flight.done = (async () => {
      try {
        do {
          flight.again = false;
          await this.#recompute(client, name);
        } while (flight.again);
      } finally {
        this.#recomputing.delete(key);
      }
    })();
    this.#recomputing.set(key, flight);
    return flight.done;
  }

  async #recompute(client: number, name: string): Promise<void> {
    const { store, clock } = this.deps;
    const object = await findObject(store.db, client, name);
    if (object === undefined) return;
    const rule = await this.#rule(client, object.body);
    const seconds = estimateRuntime(await recentOkRuntimes(store.db, client, name, object.type, ERT_SAMPLE_SIZE), rule);
    // In a transaction of its own, to share its commit with the writes asked for beside it.
    if (seconds !== undefined) await inTransaction(store.db, (trx) => saveRuntimeEstimate(trx, client, name, seconds, clock.now()));
  }

  /** Every activation asks this: the client's settings are read only when the object leaves it to them. */
  async #rule(client: number, body: ObjectBody): Promise<ErtRule> {
    const own = ownErtRule(body);
    if (own !== undefined) return own;
    return ertRuleOf(body, await this.#clientRule(client, parseErtMethod(body.general_attributes["ert_method"]) === "FIXED"));
  }

  /** The client's rule; its fixed seconds are read only when a FIXED rule can use them. */
  async #clientRule(client: number, objectSaysFixed: boolean): Promise<ErtRule> {
    const { db } = this.deps.store;
    const method = await textClientSetting(db, client, "ERT_METHOD");
    const fixedSeconds = method === "FIXED" || objectSaysFixed ? await numericClientSetting(db, client, "ERT_FIXED") : 0;
    return { method, fixedSeconds };
  }
}
