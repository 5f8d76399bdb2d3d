import { z } from "zod";
import { ClientNumberParam, fileAnswer, HealthQuery, jsonAnswer, MetricsQuery, OutCertificatesList, OutClientList, OutHealthCheck, OutMetrics, OutRunId, OutSystemFeature, PrometheusQuery } from "@baton/contract";
import type { ClientService } from "../../system/client-service";
import type { SystemService } from "../../system/system-service";
import { requirePrivilege } from "../../auth/access";
import { defineRoute, noBody, noParams, Reply } from "../route";
import { ClientParams } from "./params";

const TargetClientParams = ClientParams.extend({ target_client: ClientNumberParam });

/** Health (any user; its details need SYSTEM_OVERVIEW), metrics, clients and features of the system. */
export function systemRoutes(system: SystemService, clients: ClientService, features: () => OutSystemFeature[]) {
  return [
    defineRoute({
      method: "GET",
      path: "/:client_id/system/health",
      summary: "Whether the system is healthy: a scheduler, a communication and a work process run",
      answer: jsonAnswer(OutHealthCheck, "Healthy"),
      otherAnswers: [jsonAnswer(OutHealthCheck, "Not healthy: the check with status DOWN, every process listed, those with no instance too", 503)],
      params: ClientParams,
      query: HealthQuery,
      body: noBody,
      handle: async ({ principal, query }) => {
        // Whether the system is up is for every user (monitoring); which nodes run where, and how busy, is not.
        if (query.details) requirePrivilege(principal, "SYSTEM_OVERVIEW");
        const health = await system.health(query.details);
        // The vendor's 503 lists every process, also those with no instance (a missing PWP too).
        return health.status === "UP" ? health : new Reply(503, health);
      },
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/system/metrics/prometheus",
      summary: "Current metrics in the Prometheus text format",
      answer: fileAnswer("text/plain", "The metrics"),
      params: ClientParams,
      query: PrometheusQuery,
      body: noBody,
      handle: async ({ principal, query }) => new Reply(200, await system.prometheus(principal, query.scrapeIntervalSeconds), "text/plain; version=0.0.4; charset=utf-8"),
    }),
    defineRoute({ method: "GET", path: "/:client_id/system/metrics", summary: "Historic metrics of one type in a time frame", answer: jsonAnswer(OutMetrics, "The samples"), params: ClientParams, query: MetricsQuery, body: noBody, handle: ({ principal, query }) => system.historic(principal, query) }),
    defineRoute({ method: "GET", path: "/:client_id/system/clients", summary: "The clients", answer: jsonAnswer(OutClientList, "The clients"), params: ClientParams, query: noParams, body: noBody, handle: ({ principal }) => clients.list(principal) }),
    defineRoute({
      method: "DELETE",
      path: "/:client_id/system/clients/:target_client",
      summary: "Deletes a client and everything it holds",
      answer: jsonAnswer(OutRunId, "The run of the deletion"),
      params: TargetClientParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }) => ({ run_id: await clients.remove(principal, params.target_client) }),
    }),
    defineRoute({ method: "GET", path: "/:client_id/system/certificates", summary: "The TLS certificates of the engine nodes", answer: jsonAnswer(OutCertificatesList, "The certificates"), params: ClientParams, query: noParams, body: noBody, handle: async ({ principal }) => system.certificates(principal) }),
    defineRoute({ method: "GET", path: "/:client_id/system/features", summary: "The features of the system and whether each is enabled", answer: jsonAnswer(z.array(OutSystemFeature), "The features"), params: ClientParams, query: noParams, body: noBody, handle: async () => features() }),
  ];
}
