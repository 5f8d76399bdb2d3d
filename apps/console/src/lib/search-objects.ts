import { ResultInfo, type InSearchBody } from "@baton/contract";
import { requestJson, segment } from "./api-client";

/**
 * POST /api/{client}/search: one page of the objects that meet every filter, and their total.
 * The one fetcher of the search, for the search page and for folder browsing alike.
 */
export function searchObjects(client: number, csrfToken: string, body: InSearchBody, signal?: AbortSignal): Promise<ResultInfo> {
  return requestJson(`/api/${segment(client)}/search`, ResultInfo, { method: "POST", body, csrfToken, signal });
}
