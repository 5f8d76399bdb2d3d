import { operations, type OutSystemFeature } from "@baton/contract";
import type { ClientService } from "../../system/client-service";
import type { SystemService } from "../../system/system-service";
import { requirePrivilege } from "../../auth/access";
import { bindRoute, Reply } from "../route";

/** Health (any user; its details need SYSTEM_OVERVIEW), metrics, clients and features of the system. */
export function systemRoutes(system: SystemService, clients: ClientService, features: () => OutSystemFeature[]) {
  return [
    bindRoute(operations.getSystemHealth, {
      handle: async ({ principal, query }) => {
        // Whether the system is up is for every user (monitoring); which nodes run where, and how busy, is not.
        if (query.details) requirePrivilege(principal, "SYSTEM_OVERVIEW");
        const health = await system.health(query.details);
        // The vendor's 503 lists every process, also those with no instance (a missing PWP too).
        return health.status === "UP" ? health : new Reply(503, health);
      },
    }),
    bindRoute(operations.getSystemMetricsPrometheus, {
      handle: async ({ principal, query }) => new Reply(200, await system.prometheus(principal, query.scrapeIntervalSeconds), "text/plain; version=0.0.4; charset=utf-8"),
    }),
    bindRoute(operations.getSystemMetrics, { handle: ({ principal, query }) => system.historic(principal, query) }),
    bindRoute(operations.getSystemClients, { handle: ({ principal }) => clients.list(principal) }),
    bindRoute(operations.deleteSystemClientsTargetClient, {
      handle: async ({ principal, params }) => ({ run_id: await clients.remove(principal, params.target_client) }),
    }),
    bindRoute(operations.getSystemCertificates, { handle: async ({ principal }) => system.certificates(principal) }),
    bindRoute(operations.getSystemFeatures, { handle: async () => features() }),
  ];
}
