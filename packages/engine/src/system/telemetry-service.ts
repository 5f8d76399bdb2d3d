import { type OutProductUsage, type OutTelemetryExport, type OutTelemetryProductList, type ProductUsageQuery } from "@baton/contract";
import { requirePrivilege } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import type { Clock } from "../runtime/clock";
import type { Store } from "../store/connect";
import { installationId, usageBetween, usagePerDay } from "../store/usage-store";

const DAY_MS = 24 * 3600_000;
const PRODUCT = "Baton";

export interface TelemetryDeps {
  store: Store;
  clock: Clock;
  /** Baton's version, and its parts' names and versions. */
  version: string;
  products: readonly { name: string; version: string }[];
}

/** Telemetry (monthly figures, client 0 only), the products it covers (any client) and product usage (daily figures, client 0 only). */
export class TelemetryService {
  constructor(private readonly deps: TelemetryDeps) {}

  /** The last `months` calendar months (UTC, the current one included), oldest first. */
  async export(principal: Principal, months: number): Promise<OutTelemetryExport> {
    requirePrivilege(principal, "PRODUCT_USAGE");
    const now = new Date(this.deps.clock.now());
    const data = [];
    for (let back = months - 1; back >= 0; back--) {
      const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1);
      const to = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 1);
      const figures = await usageBetween(this.deps.store.db, from, to);
      data.push({ month: new Date(from).toISOString().slice(0, 7), executions: figures.byType, executions_total: figures.total, agents: figures.agents, users: figures.users });
    }
    return { instance_id: await installationId(this.deps.store.db), product_version: this.deps.version, months: data };
  }

  products(principal: Principal): OutTelemetryProductList {
    requirePrivilege(principal, "PRODUCT_USAGE");
    return { total: this.deps.products.length, data: [...this.deps.products], hasmore: false };
  }

  /**
   * Usage records of [start_date, end_date] as the vendor's productusage answers them: per day of
   * the report counted from start_date (so `reporting_end_date` keeps start_date's time of day,
   * as in the vendor's example), executions activated (sku BATON-EXECUTIONS) and agents that ran
   * them (BATON-AGENTS); days without executions have no records. `skip` and `limit` page through
   * the records. Any range is read: the work grows with the executions found, not the range.
   */
  async usage(principal: Principal, query: ProductUsageQuery): Promise<OutProductUsage> {
    requirePrivilege(principal, "PRODUCT_USAGE");
    const days = await usagePerDay(this.deps.store.db, query.start_date, query.end_date, DAY_MS);
    const usage = days.flatMap((day) => {
      const reporting_end_date = new Date(Math.min(query.start_date + (day.day + 1) * DAY_MS, query.end_date)).toISOString();
      return [
        { reporting_end_date, usage: day.total, sku: "BATON-EXECUTIONS", metric_type: "executions", additional_info: JSON.stringify(day.byType) },
        { reporting_end_date, usage: day.agents, sku: "BATON-AGENTS", metric_type: "agents", additional_info: "" },
      ];
    });
    const page = usage.slice(query.skip, query.limit === undefined ? undefined : query.skip + query.limit);
    return [{ instance_id: await installationId(this.deps.store.db), product: PRODUCT, product_version: this.deps.version, usage: page }];
  }
}
