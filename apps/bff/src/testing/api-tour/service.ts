import type { ApiTour } from "./tour";

/**
 * The operations of no client: liveness, the OpenAPI document and the API reference where the vendor
 * serves it (its web page and its Swagger 2.0 form). All are public and take no input, so they have
 * no error answer to show.
 */
export async function tourService(tour: ApiTour): Promise<void> {
  await tour.call("GET /ping", { title: "Is the engine up?", anonymous: true });
  await tour.call("GET /openapi.json", { title: "The OpenAPI document", anonymous: true });
  await tour.call("GET /", { title: "The API reference as a web page", anonymous: true });
  await tour.call("GET /openapi2/index.html", { title: "The API reference as a web page, at the vendor's other address", anonymous: true });
  await tour.call("GET /openapi2/swagger.json", { title: "The Swagger 2.0 document", anonymous: true });
  await tour.call("GET /openapi2/swagger.yaml", { title: "The Swagger 2.0 document in YAML", anonymous: true });
}
