import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { InSearchBody } from "@baton/contract";
import { searchObjects } from "../../../lib/search-objects";
import { useCurrentSession } from "../../../lib/session-context";
import { searchKeys } from "./keys";

/**
 * A search only reads, though it is a POST: it is a query, cached per body. The previous page stays
 * in view while the next one loads.
 */
export function searchQueryOptions(client: number, csrfToken: string, body: InSearchBody) {
  return queryOptions({
    queryKey: searchKeys.results(client, body),
    queryFn: ({ signal }) => searchObjects(client, csrfToken, body, signal),
    placeholderData: keepPreviousData,
  });
}

/** Runs nothing while there is no filter (the server needs at least one). */
export function useSearchObjects(body: InSearchBody | undefined) {
  const { client, csrf_token } = useCurrentSession();
  return useQuery({ ...searchQueryOptions(client, csrf_token, body ?? EMPTY_BODY), enabled: body !== undefined });
}

const EMPTY_BODY: InSearchBody = { filters: [], max_results: 1, start_at: 0, sort_columns: [] };
