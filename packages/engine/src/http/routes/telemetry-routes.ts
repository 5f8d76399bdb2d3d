import { operations } from "@baton/contract";
import type { TelemetryService } from "../../system/telemetry-service";
import { bindRoute } from "../route";

/** Telemetry export, product list and product usage (which operations are client 0's only, the table says). */
export function telemetryRoutes(telemetry: TelemetryService) {
  return [
    bindRoute(operations.getTelemetryExportStartFrom, { handle: ({ principal, params }) => telemetry.export(principal, params.start_from) }),
    bindRoute(operations.getTelemetryProducts, { handle: async ({ principal }) => telemetry.products(principal) }),
    bindRoute(operations.getProductusage, { handle: ({ principal, query }) => telemetry.usage(principal, query) }),
  ];
}
