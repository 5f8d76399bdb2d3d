import { operations } from "@baton/contract";
import type { SearchService } from "../../objects/search-service";
import { presentSearchPage } from "../presenters/search-presenter";
import { bindRoute } from "../route";

/** POST /{client_id}/search: objects by filter criteria (spec: "Search and scripts"). */
export function searchRoutes(search: SearchService) {
  return [bindRoute(operations.postSearch, { handle: async ({ principal, body }) => presentSearchPage(await search.search(principal, body)) })];
}
