import { AgentListQuery, AgentNameInput, InCreateAgentBody, InRenameAgentBody, type OutAgentGroupList, type OutAuthenticationPackage } from "@baton/contract";
import type { AgentRegistry } from "../../system/agent-registry";
import type { AgentGroupService } from "../../system/agent-group-service";
import { requestOrigin } from "../request-origin";
import { defineRoute, noBody, noParams } from "../route";
import { ClientParams } from "./params";

const AgentParams = ClientParams.extend({ object_name: AgentNameInput });

/** GET/POST /system/agents and the actions on one agent; GET /system/agentgroups. */
export function agentsRoutes(registry: AgentRegistry, groups: AgentGroupService, token: string | undefined) {
  const base = "/:client_id/system/agents";
  return [
    defineRoute({
      method: "GET",
      path: `${base}/authentication_package`,
      params: ClientParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, req }): Promise<OutAuthenticationPackage> => ({ engine_url: requestOrigin(req), token: registry.requireToken(principal, token) }),
    }),
    defineRoute({
      method: "GET",
      path: `${base}/:object_name/authentication_package`,
      params: AgentParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, params, req }): Promise<OutAuthenticationPackage> => ({
        engine_url: requestOrigin(req),
        token: registry.requireToken(principal, token),
        agent_name: params.object_name,
        key: await registry.issueKey(params.object_name, (await registry.get(principal, params.object_name).catch(() => undefined))?.platform ?? "UNIX"),
      }),
    }),
    defineRoute({ method: "GET", path: base, params: ClientParams, query: AgentListQuery, body: noBody, handle: ({ principal, query }) => registry.list(principal, query) }),
    defineRoute({ method: "POST", path: base, params: ClientParams, query: noParams, body: InCreateAgentBody, handle: ({ principal, body }) => registry.create(principal, body) }),
    defineRoute({ method: "GET", path: `${base}/:object_name`, params: AgentParams, query: noParams, body: noBody, handle: ({ principal, params }) => registry.get(principal, params.object_name) }),
    defineRoute({ method: "DELETE", path: `${base}/:object_name`, params: AgentParams, query: noParams, body: noBody, handle: ({ principal, params }) => registry.remove(principal, params.object_name) }),
    defineRoute({ method: "POST", path: `${base}/:object_name/authenticate`, params: AgentParams, query: noParams, body: noBody, handle: ({ principal, params }) => registry.authenticate(principal, params.object_name) }),
    defineRoute({ method: "POST", path: `${base}/:object_name/rename`, params: AgentParams, query: noParams, body: InRenameAgentBody, handle: ({ principal, params, body }) => registry.rename(principal, params.object_name, body.new_name) }),
    // Baton's agents have one key of their own: both resets make the agent's next connection get a new one.
    defineRoute({ method: "POST", path: `${base}/:object_name/renew_transferkey`, params: AgentParams, query: noParams, body: noBody, handle: ({ principal, params }) => registry.resetKey(principal, params.object_name) }),
    defineRoute({ method: "POST", path: `${base}/:object_name/resetpublickey`, params: AgentParams, query: noParams, body: noBody, handle: ({ principal, params }) => registry.resetKey(principal, params.object_name) }),
    defineRoute({ method: "GET", path: "/:client_id/system/agentgroups", params: ClientParams, query: noParams, body: noBody, handle: ({ principal }): Promise<OutAgentGroupList> => groups.list(principal) }),
  ];
}
