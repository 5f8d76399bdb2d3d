import { emptyAnswer, jsonAnswer } from "../openapi/answers";
import { AgentListQuery, AgentNameInput, InCreateAgentBody, InRenameAgentBody, OutAgent, OutAgentGroupList, OutAgentList, OutAuthenticationPackage } from "../schemas/system";
import { defineOperation, noBody, noParams } from "./operation";
import { ClientParams } from "./params";

const AgentParams = ClientParams.extend({ object_name: AgentNameInput });
const base = "/:client_id/system/agents";

/** GET/POST /system/agents and the actions on one agent; GET /system/agentgroups. */
export const agentOperations = {
  getSystemAgentsAuthenticationPackage: defineOperation({
    method: "GET",
    path: `${base}/authentication_package`,
    summary: "What a new agent needs to enrol: the engine's address and the operator's enrolment token (client 0 only)",
    answer: jsonAnswer(OutAuthenticationPackage, "The authentication package"),
    params: ClientParams,
    query: noParams,
    body: noBody,
  }),
  getSystemAgentsObjectNameAuthenticationPackage: defineOperation({
    method: "GET",
    path: `${base}/:object_name/authentication_package`,
    summary: "What one agent needs to connect: its own new credential (the agent's old one stops working)",
    answer: jsonAnswer(OutAuthenticationPackage, "The authentication package of the agent"),
    params: AgentParams,
    query: noParams,
    body: noBody,
  }),
  getSystemAgents: defineOperation({ method: "GET", path: base, summary: "The agents, running and stopped, each with its active jobs of the client and last heartbeat (running_jobs, last_heartbeat: Baton extension)", answer: jsonAnswer(OutAgentList, "A page of agents"), params: ClientParams, query: AgentListQuery, body: noBody }),
  postSystemAgents: defineOperation({ method: "POST", path: base, summary: "Creates an agent from a template", answer: emptyAnswer("The agent was created"), params: ClientParams, query: noParams, body: InCreateAgentBody }),
  getSystemAgentsObjectName: defineOperation({ method: "GET", path: `${base}/:object_name`, summary: "One agent, with its active jobs of the client and last heartbeat (running_jobs, last_heartbeat: Baton extension)", answer: jsonAnswer(OutAgent, "The agent"), params: AgentParams, query: noParams, body: noBody }),
  deleteSystemAgentsObjectName: defineOperation({ method: "DELETE", path: `${base}/:object_name`, summary: "Deletes an agent", answer: emptyAnswer("The agent was deleted"), params: AgentParams, query: noParams, body: noBody }),
  postSystemAgentsObjectNameAuthenticate: defineOperation({ method: "POST", path: `${base}/:object_name/authenticate`, summary: "Authenticates an agent that waits for it", answer: emptyAnswer("The agent was authenticated"), params: AgentParams, query: noParams, body: noBody }),
  postSystemAgentsObjectNameRename: defineOperation({ method: "POST", path: `${base}/:object_name/rename`, summary: "Renames an agent", answer: emptyAnswer("The agent was renamed"), params: AgentParams, query: noParams, body: InRenameAgentBody }),
  postSystemAgentsObjectNameRenewTransferkey: defineOperation({ method: "POST", path: `${base}/:object_name/renew_transferkey`, summary: "Revokes the agent's credential; the agent must enrol again", answer: emptyAnswer("The transfer key was cleared"), params: AgentParams, query: noParams, body: noBody }),
  postSystemAgentsObjectNameResetpublickey: defineOperation({ method: "POST", path: `${base}/:object_name/resetpublickey`, summary: "Revokes the agent's credential; the agent must enrol again", answer: emptyAnswer("The public key was cleared"), params: AgentParams, query: noParams, body: noBody }),
  getSystemAgentgroups: defineOperation({ method: "GET", path: "/:client_id/system/agentgroups", summary: "The agent groups", answer: jsonAnswer(OutAgentGroupList, "The agent groups"), params: ClientParams, query: noParams, body: noBody }),
};
