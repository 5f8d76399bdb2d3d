import { spawn, type ChildProcess } from "node:child_process";
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

/** Starts `baton-agent` against an engine; it keeps its key in `dir`. */
export function startAgentProcess(engineUrl: string, name: string, dir: string, token: string): AgentProcess {
  const child = spawn(process.execPath, [AGENT_BIN, "--engine", engineUrl, "--name", name, "--token", token, "--dir", dir], { stdio: ["ignore", "ignore", "pipe"] });
  const log: string[] = [];
  child.stderr?.setEncoding("utf8").on("data", (text: string) => log.push(text));
  const connections = () => log.join("").split("connected to ").length - 1;
  return { child, log, connected: (times = 1) => until(() => connections() >= times, 20_000) };
}
