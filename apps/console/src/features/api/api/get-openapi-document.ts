import { queryOptions, useQuery } from "@tanstack/react-query";
import { requestJson } from "../../../lib/api-client";
import { apiExplorerKeys } from "./keys";
import { openApiDocumentParser, type OpenApiDocument } from "./openapi-document";
import { PROXY_BASE } from "./path-template";

/** Where the engine serves its OpenAPI document, through the BFF. */
export const OPENAPI_URL = `${PROXY_BASE}/openapi.json`;

/** GET /api/openapi.json: the engine's OpenAPI 3.1 document, read into the explorer's shape. */
export function getOpenApiDocument(signal?: AbortSignal): Promise<OpenApiDocument> {
  return requestJson(OPENAPI_URL, openApiDocumentParser, { signal });
}

/** The document only changes with the engine's version: read once per visit. */
export function openApiDocumentQueryOptions() {
  return queryOptions({ queryKey: apiExplorerKeys.document(), queryFn: ({ signal }) => getOpenApiDocument(signal), staleTime: Infinity });
}

export function useOpenApiDocument() {
  return useQuery(openApiDocumentQueryOptions());
}
