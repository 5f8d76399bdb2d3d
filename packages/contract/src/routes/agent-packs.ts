import { fileAnswer, jsonAnswer } from "../openapi/answers";
import { AgentPackFileName, InAgentPacksBody, OutAgentPack } from "../schemas/system";
import { defineOperation, noBody, noParams } from "./operation";
import { ClientParams } from "./params";

const PackParams = ClientParams.extend({ filename: AgentPackFileName });

/** POST /system/agentpacks (201 with the link) and GET of a package's zip. */
export const agentPackOperations = {
  postSystemAgentpacks: defineOperation({
    method: "POST",
    path: "/:client_id/system/agentpacks",
    summary: "Creates an agent package preconfigured to connect to this engine",
    answer: jsonAnswer(OutAgentPack, "The package was created; the link downloads it, and so does the Location header (the same link as an absolute URL)", 201),
    params: ClientParams,
    query: noParams,
    body: InAgentPacksBody,
  }),
  getSystemAgentpacksFilename: defineOperation({
    method: "GET",
    path: "/:client_id/system/agentpacks/:filename",
    summary: "Downloads an agent package",
    answer: fileAnswer("application/octet-stream", "The zip file"),
    params: PackParams,
    query: noParams,
    body: noBody,
  }),
};
