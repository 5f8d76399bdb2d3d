import { jsonAnswer } from "../openapi/answers";
import { InSearchBody, ResultInfo } from "../schemas/search";
import { defineOperation, noParams } from "./operation";
import { ClientParams } from "./params";

/** POST /{client_id}/search: objects by filter criteria (spec: "Search and scripts"). */
export const searchOperations = {
  postSearch: defineOperation({
    method: "POST",
    path: "/:client_id/search",
    summary: "Searches objects by filters",
    answer: jsonAnswer(ResultInfo, "A page of matching objects"),
    params: ClientParams,
    query: noParams,
    body: InSearchBody,
  }),
};
