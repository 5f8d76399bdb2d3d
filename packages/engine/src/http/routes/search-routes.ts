import { InSearchBody, jsonAnswer, ResultInfo } from "@baton/contract";
import type { SearchService } from "../../objects/search-service";
import { presentSearchPage } from "../presenters/search-presenter";
import { defineRoute, noParams } from "../route";
import { ClientParams } from "./params";

/** POST /{client_id}/search: objects by filter criteria (spec: "Search and scripts"). */
export function searchRoutes(search: SearchService) {
  return [
    defineRoute({
      method: "POST",
      path: "/:client_id/search",
      summary: "Searches objects by filters",
      answer: jsonAnswer(ResultInfo, "A page of matching objects"),
      params: ClientParams,
      query: noParams,
      body: InSearchBody,
      handle: async ({ principal, body }) => presentSearchPage(await search.search(principal, body)),
    }),
  ];
}
