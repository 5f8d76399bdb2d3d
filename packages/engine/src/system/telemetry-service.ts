import { ErrorCode, type OutProductUsage, type OutTelemetryExport, type OutTelemetryProductList, type ProductUsageQuery } from "@baton/contract";
import { requirePrivilege } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import { invalid } from "../domain/errors";
import type { Clock } from "../runtime/clock";
import type { Store } from "../store/connect";
import { installationId, usageBetween } from "../store/usage-store";

const DAY_MS = 24 * 3600_000;
/** Widest product usage range: a year and a day. */
const MAX_USAGE_DAYS = 366;
const PRODUCT = "Baton";

export interface TelemetryDeps {
  store: Store;
  clock: Clock;
  /** Baton's version, and its parts' names and versions. */
  version: string;
  products: readonly { name: string; version: string }[];
}

/** Telemetry (monthly figures) and product usage (daily figures) of the installation, client 0 only. */
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
   * Per UTC day touched by [start_date, end_date]: executions activated (sku BATON-EXECUTIONS) and
   * agents that ran them (BATON-AGENTS); `skip` and `limit` page through these entries.
   */
  async usage(principal: Principal, query: ProductUsageQuery): Promise<OutProductUsage> {
    requirePrivilege(principal, "PRODUCT_USAGE");
    const first = Math.floor(query.start_date / DAY_MS) * DAY_MS;
    if ((query.end_date - first) / DAY_MS > MAX_USAGE_DAYS) throw invalid(ErrorCode.INVALID_REQUEST, "end_date", `the range may span at most ${MAX_USAGE_DAYS} days`, query.end_date / 1000);
    const usage = [];
    for (let day = first; day <= query.end_date; day += DAY_MS) {
      const figures = await usageBetween(this.deps.store.db, day, day + DAY_MS);
      const reporting_end_date = new Date(day + DAY_MS).toISOString();
      usage.push({ reporting_end_date, usage: figures.total, sku: "BATON-EXECUTIONS", metric_type: "executions", additional_info: JSON.stringify(figures.byType) });
      usage.push({ reporting_end_date, usage: figures.agents, sku: "BATON-AGENTS", metric_type: "agents", additional_info: "" });
    }
    return [{ instance_id: await installationId(this.deps.store.db), product: PRODUCT, product_version: this.deps.version, usage: usage.slice(query.skip, query.skip + query.limit) }];
  }
}
