import { operations } from "@baton/contract";
import type { AgentPackService } from "../../system/agent-packs";
import { requestOrigin } from "../request-origin";
import { bindRoute, Reply, StreamReply } from "../route";

/** POST /system/agentpacks (201 with the link) and GET of a package's zip. */
export function agentPackRoutes(packs: AgentPackService) {
  return [
    // The package's agents reach the engine where this request did, unless UC_SYSTEM_SETTINGS or the body names another URL.
    // The link is also the Location, absolute: installer scripts download whatever Location names.
    bindRoute(operations.postSystemAgentpacks, {
      handle: async ({ principal, body, req }) => {
        const origin = requestOrigin(req);
        const pack = await packs.create(principal, body, await packs.engineAddress(origin));
        return new Reply(201, pack, "application/json", { Location: new URL(pack.link, origin).href });
      },
    }),
    bindRoute(operations.getSystemAgentpacksFilename, {
      handle: async ({ principal, params }) => new StreamReply("application/octet-stream", await packs.read(principal, params.filename), { "Content-Disposition": `attachment; filename="${params.filename}"` }),
    }),
  ];
}
