import type { Logger } from "pino";
import { ValidationError } from "../domain/errors";
import type { Store } from "../store/connect";
import { claimDueCallbacks, recordCallbackAttempt, type PendingCallback } from "../store/callbacks-store";
import type { CallbackPolicy } from "./callback-policy";
import { callbackRetryDelay, callbackSettings, DEFAULT_CALLBACK_SETTINGS } from "./callback-settings";
import type { Clock } from "./clock";
import { ReportWriter } from "./report-writer";

const ATTEMPT_TIMEOUT_MS = 10_000;
/** How long a node holds the deliveries it attempts: well past an attempt's timeout. */
const CLAIM_MS = 6 * ATTEMPT_TIMEOUT_MS;

/** Wait before attempt n+1 without UC_CALLBACK_SETTINGS: 1 s, 2 s, 4 s, ... */
export function callbackBackoff(attempts: number): number {
  return callbackRetryDelay(DEFAULT_CALLBACK_SETTINGS, attempts);
}

/**
 * Delivers queued execution callbacks: POST of the ended execution as JSON, 200 counts as
 * delivered, anything else is retried as UC_CALLBACK_SETTINGS of client 0 says (how often, how
 * long to wait; callback-settings.ts). Every attempt is noted in the execution's ACT report. The
 * URL policy is checked again at each attempt (a host name may now resolve elsewhere).
 */
export class CallbackDelivery {
  constructor(private readonly deps: { store: Store; clock: Clock; policy: CallbackPolicy; logger: Logger }) {}

  /** Attempts the due deliveries this node claims; every node may run it at once, none attempts one another holds. */
  async deliverDue(): Promise<void> {
    const due = await claimDueCallbacks(this.deps.store, this.deps.clock.now(), 50, CLAIM_MS);
    await Promise.all(due.map((callback) => this.#attempt(callback)));
  }

  async #attempt(callback: PendingCallback): Promise<void> {
    const { store, clock, policy } = this.deps;
    const attempt = callback.attempts + 1;
    const target = describeUrl(callback.url);
    const act = new ReportWriter(store, clock, callback.client, callback.runId, "ACT");
    let error: string | undefined;
    try {
      await policy.check(callback.url);
      const response = await fetch(callback.url, {
        method: "POST",
        // The same key on every attempt of one delivery, so that a receiver can drop a repeat.
        headers: { ...callback.headers, "content-type": "application/json", "idempotency-key": `baton-callback-${callback.id}` },
        body: callback.payload,
        redirect: "manual",
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status === 200) {
        act.line(`U00011420 Callback to ${target} answered 200 on attempt ${attempt}.`);
        await act.end();
        await recordCallbackAttempt(store.db, callback.id, { deliveredAt: clock.now() });
        return;
      }
      error = `HTTP ${response.status}`;
    } catch (caught) {
      error = caught instanceof ValidationError ? `refused: ${caught.issues[0]?.error ?? "not allowed"}` : caught instanceof Error ? caught.message : String(caught);
      if (caught instanceof ValidationError) {
        act.line(`U00011422 Callback to ${target} ${error}; it is not attempted again.`);
        await act.end();
        await recordCallbackAttempt(store.db, callback.id, { error });
        return;
      }
    }
    // Read at each failure: an operator's change applies to the deliveries still being retried.
    const settings = await callbackSettings(store.db);
    if (attempt > settings.retries) {
      act.line(`U00011422 Callback to ${target} failed on attempt ${attempt} (${error}); given up after ${attempt} ${attempt === 1 ? "attempt" : "attempts"}.`);
      await act.end();
      await recordCallbackAttempt(store.db, callback.id, { error });
      return;
    }
    const retryAt = clock.now() + callbackRetryDelay(settings, attempt);
    act.line(`U00011421 Callback to ${target} failed on attempt ${attempt} (${error}); next attempt at ${new Date(retryAt).toISOString()}.`);
    await act.end();
    await recordCallbackAttempt(store.db, callback.id, { retryAt, error });
  }
}

/** Scheme, host and path only: query strings may carry tokens that have no place in reports. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return "(invalid URL)";
  }
}
