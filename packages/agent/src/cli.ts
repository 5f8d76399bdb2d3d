import { parseArgs } from "node:util";
import { AgentName } from "@baton/contract";
import { StandaloneAgent } from "./standalone/standalone-agent";

const USAGE = "usage: baton-agent --engine http://host:port --name NAME [--dir DIR] [--max-jobs N] [--token TOKEN | env BATON_AGENT_TOKEN]";

/** Reads the command line of `baton-agent`; throws with the usage on a mistake. */
export function agentOptions(args: readonly string[], env: NodeJS.ProcessEnv) {
  const { values } = parseArgs({
    args: [...args],
    options: { engine: { type: "string" }, name: { type: "string" }, dir: { type: "string" }, "max-jobs": { type: "string" }, token: { type: "string" } },
    strict: true,
  });
  const token = values.token ?? env["BATON_AGENT_TOKEN"];
  if (values.engine === undefined || !/^https?:\/\//.test(values.engine)) throw new Error(`--engine must be an http(s) URL\n${USAGE}`);
  const name = AgentName.safeParse(values.name?.toUpperCase());
  if (!name.success) throw new Error(`--name must be an agent name (letters, digits, _ . $ @ # -)\n${USAGE}`);
  if (token === undefined || token === "") throw new Error(`the engine's agent token is needed (--token or BATON_AGENT_TOKEN)\n${USAGE}`);
  const maxJobs = values["max-jobs"] === undefined ? undefined : Number(values["max-jobs"]);
  if (maxJobs !== undefined && !(Number.isInteger(maxJobs) && maxJobs >= 1)) throw new Error(`--max-jobs must be a whole number of at least 1\n${USAGE}`);
  return { engineUrl: values.engine, name: name.data, token, dir: values.dir, maxJobs };
}

/** Runs `baton-agent` until SIGINT or SIGTERM; a wrong command line exits 2 with the usage. */
export async function main(args: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  let options: ReturnType<typeof agentOptions>;
  try {
    options = agentOptions(args, env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
  const agent = new StandaloneAgent({ ...options, log: (message) => console.error(`${new Date().toISOString()} ${options.name}: ${message}`) });
  const stop = () => void agent.stop().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  await agent.start();
}
