import { jsonAnswer, OutProductUsage, OutTelemetryExport, OutTelemetryProductList, ProductUsageQuery, TelemetryExportParams } from "@baton/contract";
import type { TelemetryService } from "../../system/telemetry-service";
import { defineRoute, noBody, noParams } from "../route";
import { ClientParams } from "./params";

/**
 * Telemetry export and product usage act on the system client (0) only; the product list is read
 * in any client (the vendor's swagger limits the export, not the list: docs/decisions.md).
 */
export function telemetryRoutes(telemetry: TelemetryService) {
  return [
    defineRoute({ method: "GET", path: "/:client_id/telemetry/export/:start_from", summary: "Telemetry of the last months", answer: jsonAnswer(OutTelemetryExport, "Monthly data"), systemClientOnly: true, params: ClientParams.extend(TelemetryExportParams.shape), query: noParams, body: noBody, handle: ({ principal, params }) => telemetry.export(principal, params.start_from) }),
    defineRoute({ method: "GET", path: "/:client_id/telemetry/products", summary: "The products that report telemetry", answer: jsonAnswer(OutTelemetryProductList, "The products"), params: ClientParams, query: noParams, body: noBody, handle: async ({ principal }) => telemetry.products(principal) }),
    defineRoute({ method: "GET", path: "/:client_id/productusage", summary: "Usage records (executions and agents per day) of a report period, for the Product Usage Collector", answer: jsonAnswer(OutProductUsage, "The product usage"), systemClientOnly: true, params: ClientParams, query: ProductUsageQuery, body: noBody, handle: ({ principal, query }) => telemetry.usage(principal, query) }),
  ];
}
