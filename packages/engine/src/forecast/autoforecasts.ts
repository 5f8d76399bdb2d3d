import { DateTime } from "luxon";
import type { Clock } from "../runtime/clock";
import { listClients } from "../store/clients-store";
import type { Store } from "../store/connect";
import { numericClientSetting } from "../store/client-settings";
import { findAutoforecast, insertForecast } from "../store/forecasts-store";
import type { ForecastCalculator } from "./forecast-calculator";
import type { ForecastPlans } from "./forecast-plans";
import { ForecastStatus } from "./forecast-status";

/** The autoforecast's title, as the vendor's list shows it ("AE REST API - Forecasting"). */
const AUTOFORECAST_TITLE = "AUTOFORECAST";
/** The user autoforecasts are made by: the engine itself. */
const AUTOFORECAST_USER = "SYSTEM";

export interface AutoforecastsDeps {
  store: Store;
  clock: Clock;
  plans: ForecastPlans;
  calculator: ForecastCalculator;
}

/** Each client's autoforecast (AFCST): one forecast per client over its horizon, recomputed in place. */
export class Autoforecasts {
  #refreshing: Promise<void> | undefined;

  constructor(private readonly deps: AutoforecastsDeps) {}

  /** Recomputes every client's autoforecast over its horizon; one at a time. */
  async refresh(): Promise<void> {
    this.#refreshing ??= (async () => {
      try {
        for (const { id } of await listClients(this.deps.store.db)) await this.#refreshClient(id);
      } finally {
        this.#refreshing = undefined;
      }
    })();
    return this.#refreshing;
  }

  async #refreshClient(client: number): Promise<void> {
    const now = this.deps.clock.now();
    // The horizon ends at midnight (UTC) of its last day, today the first, as execution forecasts
    // do and as the vendor's autoforecast shows ("estimated_end": "2019-05-20T00:00:00Z").
    const until = DateTime.fromMillis(now, { zone: "UTC" })
      .startOf("day")
      .plus({ days: await horizonDays(this.deps.store, client) })
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
    await this.deps.calculator.calculate(client, id, () => this.deps.plans.client(client, now, until));
  }
}

/** How many days a client's forecasts cover unless asked otherwise (FORECAST_HORIZON_DAYS). */
export function horizonDays(store: Store, client: number): Promise<number> {
  return numericClientSetting(store.db, client, "FORECAST_HORIZON_DAYS");
}
