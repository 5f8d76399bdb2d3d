import { operations } from "@baton/contract";
import type { AgentRegistry } from "../../system/agent-registry";
import type { AgentGroupService } from "../../system/agent-group-service";
import { requestOrigin } from "../request-origin";
import { bindRoute } from "../route";

/** GET/POST /system/agents and the actions on one agent; GET /system/agentgroups. */
export function agentsRoutes(registry: AgentRegistry, groups: AgentGroupService, token: string | undefined) {
  return [
    bindRoute(operations.getSystemAgentsAuthenticationPackage, {
      handle: async ({ principal, req }) => {
        const issued = registry.requireToken(principal, token);
        return { engine_url: await registry.engineAddress(requestOrigin(req)), token: issued };
      },
    }),
    // The agent presents its credential as its token: no engine-wide secret is handed out here.
    // Issuing one revokes the agent's old credential: a change, though the interface makes it a GET.
    bindRoute(operations.getSystemAgentsObjectNameAuthenticationPackage, {
      changesState: true,
      handle: async ({ principal, params, req }) => {
        const key = await registry.issueKey(principal, params.object_name, await registry.platformOf(params.object_name, "UNIX"));
        return { engine_url: await registry.engineAddress(requestOrigin(req)), token: key, agent_name: params.object_name, key };
      },
    }),
    bindRoute(operations.getSystemAgents, { handle: ({ principal, query }) => registry.list(principal, query) }),
    bindRoute(operations.postSystemAgents, { handle: ({ principal, body }) => registry.create(principal, body) }),
    bindRoute(operations.getSystemAgentsObjectName, { handle: ({ principal, params }) => registry.get(principal, params.object_name) }),
    bindRoute(operations.deleteSystemAgentsObjectName, { handle: ({ principal, params }) => registry.remove(principal, params.object_name) }),
    bindRoute(operations.postSystemAgentsObjectNameAuthenticate, { handle: ({ principal, params }) => registry.authenticate(principal, params.object_name) }),
    bindRoute(operations.postSystemAgentsObjectNameRename, { handle: ({ principal, params, body }) => registry.rename(principal, params.object_name, body.new_name) }),
    // Baton's agents have one credential of their own: both resets revoke it; the agent enrols again.
    bindRoute(operations.postSystemAgentsObjectNameRenewTransferkey, { handle: ({ principal, params }) => registry.resetKey(principal, params.object_name) }),
    bindRoute(operations.postSystemAgentsObjectNameResetpublickey, { handle: ({ principal, params }) => registry.resetKey(principal, params.object_name) }),
    bindRoute(operations.getSystemAgentgroups, { handle: ({ principal }) => groups.list(principal) }),
  ];
}
