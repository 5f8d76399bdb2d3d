import { OutAgentPack } from "@baton/contract";
import { PLAIN_LOGIN, type ApiTour } from "./tour";

const AGENTS = "/{client_id}/system/agents";
const AGENT = `${AGENTS}/{object_name}`;
const NO_AGENT = { object_name: "TOUR.NO.AGENT" };

/** Lists the agents, creates one and walks it through every action until it is deleted; agent groups, agent and authentication packages. */
export async function tourAgents(tour: ApiTour): Promise<void> {
  await tour.call(`POST ${AGENTS}`, { title: "Create an agent", json: { name: "TOUR.AGENT", template: "<UNIX>" } });
  await tour.call(`POST ${AGENTS}`, { title: "An agent name with a blank", json: { name: "bad name", template: "<UNIX>" } }, 400);
  await tour.call(`GET ${AGENTS}`, { title: "List agents", query: { max_results: 5 } });
  await tour.call(`GET ${AGENTS}`, { title: "A page size that is not a number", query: { max_results: "ten" } }, 400);
  await tour.call(`GET ${AGENT}`, { title: "An agent", params: { object_name: "LOCAL" } });
  await tour.call(`GET ${AGENT}`, { title: "An agent that does not exist", params: NO_AGENT }, 404);
  const actions: Array<[string, string]> = [
    ["authenticate", "Authenticate an agent"],
    ["resetpublickey", "Forget an agent's key"],
    ["renew_transferkey", "Renew an agent's transfer key"],
  ];
  for (const [action, title] of actions) {
    await tour.call(`POST ${AGENT}/${action}`, { title, params: { object_name: "TOUR.AGENT" } });
    await tour.call(`POST ${AGENT}/${action}`, { title: "An agent that does not exist", params: NO_AGENT }, 404);
  }
  await tour.call(`POST ${AGENT}/rename`, { title: "Rename an agent", params: { object_name: "TOUR.AGENT" }, json: { new_name: "TOUR.AGENT2" } });
  await tour.call(`POST ${AGENT}/rename`, { title: "An agent that does not exist", params: NO_AGENT, json: { new_name: "TOUR.AGENT3" } }, 404);
  await tour.call(`DELETE ${AGENT}`, { title: "Delete an agent", params: { object_name: "TOUR.AGENT2" } });
  await tour.call(`DELETE ${AGENT}`, { title: "An agent that does not exist", params: NO_AGENT }, 404);

  await tour.call(`GET ${AGENTS}/authentication_package`, { title: "What a new agent needs to enrol (client 0 only: the operator's enrolment token)", params: { client_id: 0 } });
  await tour.call(`GET ${AGENTS}/authentication_package`, { title: "A user without the AGENTS privilege", login: PLAIN_LOGIN }, 403);
  await tour.call(`GET ${AGENTS}/authentication_package`, { title: "The enrolment token in another client than 0" }, 403);
  await tour.call(`GET ${AGENT}/authentication_package`, { title: "What one agent needs to connect: its own credential", params: { object_name: "TOUR.KEYED" } });
  await tour.call(`GET ${AGENT}/authentication_package`, { title: "An agent name with a blank", params: { object_name: "bad name" } }, 400);

  const group = { data: { hostg: { general_attributes: { name: "TOUR.AGENTS", title: "Agents of the tour" }, agent_group_attributes: { platform: "UNIX", mode: "N" }, agent_group_filters: [{ type: "H", agent: "LOCAL" }] } }, path: "TOUR" };
  await tour.call("POST /{client_id}/objects", { title: "Import an agent group", json: group });
  await tour.call("GET /{client_id}/system/agentgroups", { title: "Agent groups with their agents" });
  await tour.call("GET /{client_id}/system/agentgroups", { title: "A user without the SYSTEM_OVERVIEW privilege", login: PLAIN_LOGIN }, 403);

  const pack = OutAgentPack.parse(await tour.call("POST /{client_id}/system/agentpacks", { title: "Make an agent package", json: { platform: "UNIX", name: "tourpack" } }, 201));
  tour.show(pack.filename, "baton-agent-TOURPACK-0123456789ab.zip");
  await tour.call("POST /{client_id}/system/agentpacks", { title: "An agent name with a blank", json: { name: "bad name" } }, 400);
  await tour.call("GET /{client_id}/system/agentpacks/{filename}", { title: "Download an agent package", params: { filename: pack.filename } });
  await tour.call("GET /{client_id}/system/agentpacks/{filename}", { title: "A package that does not exist", params: { filename: "baton-agent-NONE-0123456789ab.zip" } }, 404);
}
