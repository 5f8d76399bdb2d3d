import { openApiDocument, operations } from "@baton/contract";
import { stringify } from "yaml";
import { API_BASE } from "../rest-router";
import { bindRoute, Reply, type Route } from "../route";
import { API_REFERENCE_CSP, apiReferenceHtml } from "./api-reference-html";
import { swagger2Document } from "./swagger2";

const DESCRIPTION =
  "The REST interface of Baton, a workload-automation engine: executions, forecasts, object definitions, search, repositories and system administration. " +
  "Requests authenticate with HTTP Basic. Every 200 and 201 carries a JSON body ({} when there is nothing to report); error answers carry an OutError, or an array of OutValidationError for invalid input (a conflict with the current state is a 400 whose code says so). " +
  "HEAD is answered wherever GET is, with the same status and headers and no body.";

/**
 * The description of the interface, from the contract's route table, where the vendor serves it:
 * the OpenAPI 3.1 document (GET /openapi.json), its Swagger 2.0 form as JSON and YAML
 * (GET /openapi2/swagger.json, .yaml) and an HTML reference (GET / and /openapi2/index.html). Each
 * is built on its first request and kept.
 */
export function openApiRoutes(version: string): Route[] {
  let openapi: Record<string, unknown> | undefined;
  let swagger: Record<string, unknown> | undefined;
  let yaml: string | undefined;
  let html: string | undefined;
  const document = () => (openapi ??= openApiDocument(operations, { title: "Baton REST interface", version, description: DESCRIPTION, server: API_BASE }));
  const swaggerDocument = () => (swagger ??= swagger2Document(document()));
  const page = () =>
    new Reply(200, (html ??= apiReferenceHtml(document(), { openapi: `${API_BASE}/openapi.json`, swaggerJson: `${API_BASE}/openapi2/swagger.json`, swaggerYaml: `${API_BASE}/openapi2/swagger.yaml` })), "text/html; charset=utf-8", {
      "Content-Security-Policy": API_REFERENCE_CSP,
    });
  return [
    bindRoute(operations.getOpenapiJson, { handle: document }),
    bindRoute(operations.get, { handle: page }),
    bindRoute(operations.getOpenapi2IndexHtml, { handle: page }),
    bindRoute(operations.getOpenapi2SwaggerJson, { handle: swaggerDocument }),
    // The same document as the JSON one, for any YAML reader: no anchors and aliases, no folded
    // lines, and multi-line strings quoted (yaml 2.9 writes "  \n" as a block scalar that reads back as "\n").
    bindRoute(operations.getOpenapi2SwaggerYaml, {
      handle: () => new Reply(200, (yaml ??= stringify(swaggerDocument(), { aliasDuplicateObjects: false, lineWidth: 0, blockQuote: false })), "application/yaml; charset=utf-8"),
    }),
  ];
}
