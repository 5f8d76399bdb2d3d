import { z } from "zod";
import { fileAnswer, jsonAnswer } from "../openapi/answers";
import { OutRunId } from "../schemas/executions";
import { ClientNumberParam, HealthQuery, MetricsQuery, OutCertificatesList, OutClientList, OutHealthCheck, OutMetrics, OutSystemFeature, PrometheusQuery } from "../schemas/system";
import { defineOperation, noBody, noParams } from "./operation";
import { ClientParams } from "./params";

const TargetClientParams = ClientParams.extend({ target_client: ClientNumberParam });

/** Health (any user; its details need SYSTEM_OVERVIEW), metrics, clients and features of the system. */
export const systemOperations = {
  getSystemHealth: defineOperation({
    method: "GET",
    path: "/:client_id/system/health",
    summary: "Whether the system is healthy: a scheduler, a communication and a work process run",
    answer: jsonAnswer(OutHealthCheck, "Healthy"),
    otherAnswers: [jsonAnswer(OutHealthCheck, "Not healthy: the check with status DOWN, every process listed, those with no instance too", 503)],
    params: ClientParams,
    query: HealthQuery,
    body: noBody,
  }),
  getSystemMetricsPrometheus: defineOperation({
    method: "GET",
    path: "/:client_id/system/metrics/prometheus",
    summary: "Current metrics in the Prometheus text format",
    answer: fileAnswer("text/plain", "The metrics"),
    params: ClientParams,
    query: PrometheusQuery,
    body: noBody,
  }),
  getSystemMetrics: defineOperation({ method: "GET", path: "/:client_id/system/metrics", summary: "Historic metrics of one type in a time frame", answer: jsonAnswer(OutMetrics, "The samples"), params: ClientParams, query: MetricsQuery, body: noBody }),
  getSystemClients: defineOperation({ method: "GET", path: "/:client_id/system/clients", summary: "The clients", answer: jsonAnswer(OutClientList, "The clients"), params: ClientParams, query: noParams, body: noBody }),
  deleteSystemClientsTargetClient: defineOperation({
    method: "DELETE",
    path: "/:client_id/system/clients/:target_client",
    summary: "Deletes a client and everything it holds",
    answer: jsonAnswer(OutRunId, "The run of the deletion"),
    params: TargetClientParams,
    query: noParams,
    body: noBody,
  }),
  getSystemCertificates: defineOperation({ method: "GET", path: "/:client_id/system/certificates", summary: "The TLS certificates of the engine nodes", answer: jsonAnswer(OutCertificatesList, "The certificates"), params: ClientParams, query: noParams, body: noBody }),
  getSystemFeatures: defineOperation({ method: "GET", path: "/:client_id/system/features", summary: "The features of the system and whether each is enabled", answer: jsonAnswer(z.array(OutSystemFeature), "The features"), params: ClientParams, query: noParams, body: noBody }),
};
