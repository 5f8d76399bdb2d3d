import { queryOptions, useQuery } from "@tanstack/react-query";
import { callOperation, REST_PREFIX } from "../../../lib/rest-operations";
import { apiExplorerKeys } from "./keys";
import { openApiDocumentParser, type OpenApiDocument } from "./openapi-document";

/** Where the engine serves its OpenAPI document, through the BFF: the explorer's download link. */
export const OPENAPI_URL = `${REST_PREFIX}/openapi.json`;

/** GET /api/openapi.json: the engine's OpenAPI 3.1 document, read into the explorer's shape. */
export function getOpenApiDocument(signal?: AbortSignal): Promise<OpenApiDocument> {
  return callOperation("getOpenapiJson", { params: {}, read: openApiDocumentParser, signal });
}

/** The document only changes with the engine's version: read once per visit. */
export function openApiDocumentQueryOptions() {
  return queryOptions({ queryKey: apiExplorerKeys.document(), queryFn: ({ signal }) => getOpenApiDocument(signal), staleTime: Infinity });
}

export function useOpenApiDocument() {
  return useQuery(openApiDocumentQueryOptions());
}
