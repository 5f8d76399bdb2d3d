import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { AgentConfigFile, AgentName } from "@baton/contract";
import ini from "ini";
import { StandaloneAgent, agentKeyFile } from "./standalone/standalone-agent";

const USAGE =
  "usage: baton-agent [--config agent.ini] --engine http(s)://host:port --name NAME [--dir DIR] [--max-jobs N] [--ca CERTS.pem] [--token ENROLMENT-TOKEN | env BATON_AGENT_TOKEN]\n" +
  "  An agent connects with its own credential (DIR/agent-key, or ~/.baton-agent/NAME/agent-key without --dir);\n" +
  "  without one, the operator's enrolment token enrols it as a new agent and the engine gives it its credential.";

/**
 * Reads the command line of `baton-agent` (what it leaves out comes from `--config`, an agent
 * package's agent.ini); throws with the usage on a mistake.
 */
export function agentOptions(args: readonly string[], env: NodeJS.ProcessEnv) {
  const { values } = parseArgs({
    args: [...args],
    options: { config: { type: "string" }, engine: { type: "string" }, name: { type: "string" }, dir: { type: "string" }, "max-jobs": { type: "string" }, token: { type: "string" }, ca: { type: "string" } },
    strict: true,
  });
  const file = values.config === undefined ? {} : readConfig(values.config);
  const engine = values.engine ?? file.ENGINE?.url;
  const token = values.token ?? env["BATON_AGENT_TOKEN"] ?? file.ENGINE?.token;
  const configDir = values.config === undefined ? "." : dirname(resolve(values.config));
  const dir = values.dir ?? (file.AGENT?.dir === undefined ? undefined : resolve(configDir, file.AGENT.dir));
  const caFile = values.ca ?? (file.ENGINE?.ca === undefined ? undefined : resolve(configDir, file.ENGINE.ca));
  if (engine === undefined || !/^https?:\/\//.test(engine)) throw new Error(`--engine must be an http(s) URL\n${USAGE}`);
  const name = AgentName.safeParse((values.name ?? file.GLOBAL?.name)?.toUpperCase());
  if (!name.success) throw new Error(`--name must be an agent name (letters, digits, _ . $ @ # -)\n${USAGE}`);
  const keyFile = agentKeyFile(name.data, dir);
  if ((token === undefined || token === "") && !existsSync(keyFile)) throw new Error(`the agent has no credential (${keyFile}): the enrolment token is needed (--token or BATON_AGENT_TOKEN)\n${USAGE}`);
  const maxJobsText = values["max-jobs"] ?? file.AGENT?.max_jobs;
  const maxJobs = maxJobsText === undefined ? undefined : Number(maxJobsText);
  if (maxJobs !== undefined && !(Number.isInteger(maxJobs) && maxJobs >= 1)) throw new Error(`--max-jobs must be a whole number of at least 1\n${USAGE}`);
  return { engineUrl: engine, name: name.data, token: token === "" ? undefined : token, dir, maxJobs, ...(caFile !== undefined && { ca: readText(caFile, "--ca") }) };
}

function readText(path: string, option: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(`cannot read ${option} ${path}: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

function readConfig(path: string): AgentConfigFile {
  const parsed = AgentConfigFile.safeParse(ini.parse(readText(path, "--config")));
  if (!parsed.success) throw new Error(`--config ${path} is not an agent configuration: ${parsed.error.issues[0]?.message ?? ""}`);
  return parsed.data;
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
