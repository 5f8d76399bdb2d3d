import type { InSearchBody, ResultInfo } from "@baton/contract";
import { callOperation } from "./rest-operations";

/**
 * POST /api/{client}/search: one page of the objects that meet every filter, and their total.
 * The one fetcher of the search, for the search page and for folder browsing alike.
 */
export function searchObjects(client: number, csrfToken: string, body: InSearchBody, signal?: AbortSignal): Promise<ResultInfo> {
  return callOperation("postSearch", { params: { client_id: client }, body, csrfToken, signal });
}
