import { queryOptions } from "@tanstack/react-query";
import type { ResultInfo } from "@baton/contract";
import { searchObjects } from "../../../lib/search-objects";
import { quickOpenKeys } from "./keys";

/** How many objects are asked for: enough for the best few to be among them once ranked. */
export const OBJECTS_ASKED = 25;

/** POST /api/{client}/search with one object_name filter: the first objects by name, and how many match. */
export function findObjectsQueryOptions(client: number, csrfToken: string, pattern: string) {
  return queryOptions({
    queryKey: quickOpenKeys.objects(client, pattern),
    queryFn: ({ signal }): Promise<ResultInfo> =>
      searchObjects(client, csrfToken, { filters: [{ filter_identifier: "object_name", object_name: pattern }], max_results: OBJECTS_ASKED, start_at: 0, sort_columns: [] }, signal),
    staleTime: 10_000,
  });
}
