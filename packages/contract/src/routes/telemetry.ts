import { jsonAnswer } from "../openapi/answers";
import { OutProductUsage, OutTelemetryExport, OutTelemetryProductList, ProductUsageQuery, TelemetryExportParams } from "../schemas/system";
import { defineOperation, noBody, noParams } from "./operation";
import { ClientParams } from "./params";

/**
 * Telemetry export and product usage act on the system client (0) only; the product list is read
 * in any client (the vendor's swagger limits the export, not the list: docs/decisions.md).
 */
export const telemetryOperations = {
  getTelemetryExportStartFrom: defineOperation({ method: "GET", path: "/:client_id/telemetry/export/:start_from", summary: "Telemetry of the last months", answer: jsonAnswer(OutTelemetryExport, "Monthly data"), systemClientOnly: true, params: ClientParams.extend(TelemetryExportParams.shape), query: noParams, body: noBody }),
  getTelemetryProducts: defineOperation({ method: "GET", path: "/:client_id/telemetry/products", summary: "The products that report telemetry", answer: jsonAnswer(OutTelemetryProductList, "The products"), params: ClientParams, query: noParams, body: noBody }),
  getProductusage: defineOperation({ method: "GET", path: "/:client_id/productusage", summary: "Usage records (executions and agents per day) of a report period, for the Product Usage Collector", answer: jsonAnswer(OutProductUsage, "The product usage"), systemClientOnly: true, params: ClientParams, query: ProductUsageQuery, body: noBody }),
};
