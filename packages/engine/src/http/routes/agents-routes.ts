import { AgentListQuery, AgentNameInput, emptyAnswer, InCreateAgentBody, InRenameAgentBody, jsonAnswer, OutAgent, OutAgentGroupList, OutAgentList, OutAuthenticationPackage } from "@baton/contract";
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
      summary: "What a new agent needs to enrol: the engine's address and the operator's enrolment token (client 0 only)",
      answer: jsonAnswer(OutAuthenticationPackage, "The authentication package"),
      params: ClientParams,
      query: noParams,
      body: noBody,
      handle: async ({ principal, req }) => {
        const issued = registry.requireToken(principal, token);
        return { engine_url: await registry.engineAddress(requestOrigin(req)), token: issued };
      },
    }),
    defineRoute({
      method: "GET",
      path: `${base}/:object_name/authentication_package`,
      summary: "What one agent needs to connect: its own new credential (the agent's old one stops working)",
      answer: jsonAnswer(OutAuthenticationPackage, "The authentication package of the agent"),
      params: AgentParams,
      query: noParams,
      body: noBody,
      // The agent presents its credential as its token: no engine-wide secret is handed out here.
      handle: async ({ principal, params, req }) => {
        const key = await registry.issueKey(principal, params.object_name, await registry.platformOf(params.object_name, "UNIX"));
        return { engine_url: await registry.engineAddress(requestOrigin(req)), token: key, agent_name: params.object_name, key };
      },
    }),
    defineRoute({ method: "GET", path: base, summary: "The agents, running and stopped", answer: jsonAnswer(OutAgentList, "A page of agents"), params: ClientParams, query: AgentListQuery, body: noBody, handle: ({ principal, query }) => registry.list(principal, query) }),
    defineRoute({ method: "POST", path: base, summary: "Creates an agent from a template", answer: emptyAnswer("The agent was created"), params: ClientParams, query: noParams, body: InCreateAgentBody, handle: ({ principal, body }) => registry.create(principal, body) }),
    defineRoute({ method: "GET", path: `${base}/:object_name`, summary: "One agent", answer: jsonAnswer(OutAgent, "The agent"), params: AgentParams, query: noParams, body: noBody, handle: ({ principal, params }) => registry.get(principal, params.object_name) }),
    defineRoute({ method: "DELETE", path: `${base}/:object_name`, summary: "Deletes an agent", answer: emptyAnswer("The agent was deleted"), params: AgentParams, query: noParams, body: noBody, handle: ({ principal, params }) => registry.remove(principal, params.object_name) }),
    defineRoute({ method: "POST", path: `${base}/:object_name/authenticate`, summary: "Authenticates an agent that waits for it", answer: emptyAnswer("The agent was authenticated"), params: AgentParams, query: noParams, body: noBody, handle: ({ principal, params }) => registry.authenticate(principal, params.object_name) }),
    defineRoute({ method: "POST", path: `${base}/:object_name/rename`, summary: "Renames an agent", answer: emptyAnswer("The agent was renamed"), params: AgentParams, query: noParams, body: InRenameAgentBody, handle: ({ principal, params, body }) => registry.rename(principal, params.object_name, body.new_name) }),
    // Baton's agents have one credential of their own: both resets revoke it; the agent enrols again.
    defineRoute({ method: "POST", path: `${base}/:object_name/renew_transferkey`, summary: "Revokes the agent's credential; the agent must enrol again", answer: emptyAnswer("The transfer key was cleared"), params: AgentParams, query: noParams, body: noBody, handle: ({ principal, params }) => registry.resetKey(principal, params.object_name) }),
    defineRoute({ method: "POST", path: `${base}/:object_name/resetpublickey`, summary: "Revokes the agent's credential; the agent must enrol again", answer: emptyAnswer("The public key was cleared"), params: AgentParams, query: noParams, body: noBody, handle: ({ principal, params }) => registry.resetKey(principal, params.object_name) }),
    defineRoute({ method: "GET", path: "/:client_id/system/agentgroups", summary: "The agent groups", answer: jsonAnswer(OutAgentGroupList, "The agent groups"), params: ClientParams, query: noParams, body: noBody, handle: ({ principal }) => groups.list(principal) }),
  ];
}
