import type { InSearchBody, OutSearchResultItem } from "@baton/contract";
import { searchObjects } from "../../../lib/search-objects";

/** Rows a search answers at most per request here; larger folders are read in several pages. */
const PAGE_SIZE = 1000;

/**
 * POST /api/{client}/search, every page up to `limit` rows. The search answers the objects of a
 * folder; the engine has no cheaper call that lists a folder (see README, "Folder browsing").
 */
export async function searchAll(client: number, csrfToken: string, filters: InSearchBody["filters"], sort: InSearchBody["sort_columns"], limit: number, signal?: AbortSignal): Promise<{ rows: OutSearchResultItem[]; complete: boolean }> {
  const rows: OutSearchResultItem[] = [];
  for (;;) {
    const body: InSearchBody = { filters, sort_columns: sort, max_results: Math.min(PAGE_SIZE, limit - rows.length), start_at: rows.length };
    const page = await searchObjects(client, csrfToken, body, signal);
    rows.push(...page.data);
    if (!page.hasmore || page.data.length === 0) return { rows, complete: true };
    if (rows.length >= limit) return { rows, complete: false };
  }
}
