import { ErrorCode } from "@baton/contract";
import type { Logger } from "pino";
import type { Store } from "../store/connect";
import { completeForecast, findForecast } from "../store/forecasts-store";
import type { Calculated, ForecastPlans } from "./forecast-plans";
import { ForecastStatus } from "./forecast-status";
import { NotForecastable } from "./plan";

/** Calculates forecasts, in the background or not, and knows when none is under way. */
export class ForecastCalculator {
  readonly #work = new Set<Promise<void>>();

  constructor(private readonly deps: { store: Store; logger: Logger; plans: ForecastPlans }) {}

  /** Resolves when no calculation is under way. */
  async idle(): Promise<void> {
    while (this.#work.size > 0) await Promise.all([...this.#work]);
  }

  inBackground(client: number, id: number, calculate: () => Promise<Calculated>): void {
    this.track(this.calculate(client, id, calculate));
  }

  /** Calculates and stores the outcome: 1900 with the entries, or 1800 with why (45273 for what cannot be forecast). */
  async calculate(client: number, id: number, calculate: () => Promise<Calculated>): Promise<void> {
    const { db } = this.deps.store;
    try {
      const calculated = await calculate();
      const placed = await this.deps.plans.place(calculated);
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

  /** Keeps `work` until it ends (see idle); its failure is logged. */
  track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => this.deps.logger.error({ err: error }, "forecast work failed"));
    this.#work.add(tracked);
    void tracked.finally(() => this.#work.delete(tracked));
  }
}
