import { AgentPackFileName, fileAnswer, InAgentPacksBody, jsonAnswer, OutAgentPack } from "@baton/contract";
import type { AgentPackService } from "../../system/agent-packs";
import { requestOrigin } from "../request-origin";
import { defineRoute, noParams, noBody, Reply, StreamReply } from "../route";
import { ClientParams } from "./params";

const PackParams = ClientParams.extend({ filename: AgentPackFileName });

/** POST /system/agentpacks (201 with the link) and GET of a package's zip. */
export function agentPackRoutes(packs: AgentPackService) {
  return [
    defineRoute({
      method: "POST",
      path: "/:client_id/system/agentpacks",
      summary: "Creates an agent package preconfigured to connect to this engine",
      answer: jsonAnswer(OutAgentPack, "The package was created; the link downloads it, and so does the Location header (the same link as an absolute URL)", 201),
      params: ClientParams,
      query: noParams,
      body: InAgentPacksBody,
      // The package's agents reach the engine where this request did, unless UC_SYSTEM_SETTINGS or the body names another URL.
      // The link is also the Location, absolute: installer scripts download whatever Location names.
      handle: async ({ principal, body, req }) => {
        const origin = requestOrigin(req);
        const pack = await packs.create(principal, body, await packs.engineAddress(origin));
        return new Reply(201, pack, "application/json", { Location: new URL(pack.link, origin).href });
      },
    }),
    defineRoute({
      method: "GET",
      path: "/:client_id/system/agentpacks/:filename",
      summary: "Downloads an agent package",
      answer: fileAnswer("application/octet-stream", "The zip file"),
      params: PackParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params }) => new StreamReply("application/octet-stream", await packs.read(principal, params.filename), { "Content-Disposition": `attachment; filename="${params.filename}"` }),
    }),
  ];
}
