import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { until } from "./test-baton";

const AGENT_BIN = fileURLToPath(new URL("../../../../packages/agent/bin/baton-agent.mjs", import.meta.url));

/** A real `baton-agent` process and what it wrote to stderr. */
export interface AgentProcess {
  child: ChildProcess;
  log: string[];
  /** Resolves once the agent said it is connected `times` times. */
  connected(times?: number): Promise<void>;
}

/**
 * Starts `baton-agent` against an engine; it keeps its credential in `dir`. With `token` (the
 * enrolment token) it enrols when it has no credential yet; without, it needs `dir/agent-key`.
 */
export function startAgentProcess(engineUrl: string, name: string, dir: string, token?: string): AgentProcess {
  return watch(spawn(process.execPath, [AGENT_BIN, "--engine", engineUrl, "--name", name, "--dir", dir, ...(token === undefined ? [] : ["--token", token])], { stdio: ["ignore", "ignore", "pipe"], env: withoutToken() }));
}

/** Unzips an agent package (the bytes of its zip) into `dir` and starts it with its start.sh, as an operator would. */
export function startAgentPackage(zip: Buffer, dir: string): AgentProcess {
  return startUnpackedAgent(unpackAgentPackage(zip, dir));
}

/** Unzips an agent package into `dir`; returns the directory of the agent (`dir/baton-agent`). */
export function unpackAgentPackage(zip: Buffer, dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "pack.zip"), zip);
  execFileSync("python3", ["-m", "zipfile", "-e", join(dir, "pack.zip"), dir]);
  return join(dir, "baton-agent");
}

/** Starts an unpacked agent package with its start.sh (Node on the PATH, no enrolment token in the environment). */
export function startUnpackedAgent(agentDir: string): AgentProcess {
  return watch(spawn("sh", [join(agentDir, "start.sh")], { stdio: ["ignore", "ignore", "pipe"], env: { ...withoutToken(), PATH: `${dirname(process.execPath)}:${process.env["PATH"] ?? ""}` } }));
}

/** The environment without an enrolment token, so that an agent uses only what the test gives it. */
function withoutToken(): NodeJS.ProcessEnv {
  const { BATON_AGENT_TOKEN: _token, ...env } = process.env;
  return env;
}

function watch(child: ChildProcess): AgentProcess {
  const log: string[] = [];
  child.stderr?.setEncoding("utf8").on("data", (text: string) => log.push(text));
  const connections = () => log.join("").split("connected to ").length - 1;
  return { child, log, connected: (times = 1) => until(() => connections() >= times, 20_000) };
}
