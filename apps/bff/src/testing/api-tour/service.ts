import type { ApiTour } from "./tour";

/** The operations of no client: liveness and the OpenAPI document. Both are public and take no input, so they have no error answer to show. */
export async function tourService(tour: ApiTour): Promise<void> {
  await tour.call("GET /ping", { title: "Is the engine up?", anonymous: true });
  await tour.call("GET /openapi.json", { title: "The OpenAPI document", anonymous: true });
}
