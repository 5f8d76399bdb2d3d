import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { BENCH_PASSWORD } from "./servers";

/** The BFF app, started by path as `pnpm start` starts it: the bench imports nothing of an app. */
const BFF_ROOT = fileURLToPath(new URL("../../../../apps/bff/", import.meta.url));
/** The server's bundle that `pnpm build` makes and `pnpm start` runs, relative to BFF_ROOT. */
const SERVER_BUNDLE = "dist/main.js";
const START_TIMEOUT_MS = 60_000;

/**
 * Runs `use` with a whole Baton (engine, embedded agent, REST API, BFF and console) running as its
 * own process on `dataDir`, serving the console built into `consoleDir` (none when undefined), with
 * the administrator's password BENCH_PASSWORD and `env` on top of this process's environment (a
 * DATABASE_URL, say); `use` gets the console's URL, where the REST API is served too, and the
 * process id. The process is killed afterwards.
 */
export async function withBatonProcess<T>(dataDir: string, consoleDir: string | undefined, use: (consoleUrl: string, pid: number) => Promise<T>, env: Readonly<Record<string, string>> = {}): Promise<T> {
  if (!existsSync(join(BFF_ROOT, SERVER_BUNDLE))) throw new Error(`No server bundle at apps/bff/${SERVER_BUNDLE}: run \`pnpm build\` (\`pnpm bench\` does).`);
  const child = spawn(process.execPath, ["--enable-source-maps", SERVER_BUNDLE], {
    cwd: BFF_ROOT,
    // An empty variable counts as unset in Baton's configuration.
    env: { ...process.env, PORT: "0", DATA_DIR: dataDir, BATON_CONSOLE_DIR: consoleDir ?? "", BATON_ADMIN_PASSWORD: BENCH_PASSWORD, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = once(child, "exit");
  let output = "";
  child.stdout.on("data", (data: Buffer) => (output += data.toString()));
  child.stderr.on("data", (data: Buffer) => (output += data.toString()));
  try {
    return await use(await consoleUrl(() => output, () => child.exitCode !== null), child.pid ?? 0);
  } catch (error) {
    // A failed request may be the process's end: then what it printed last says why.
    await Promise.race([exited, sleep(500)]);
    if (child.exitCode === null && child.signalCode === null) throw error;
    throw new Error(`Baton ended (${child.exitCode ?? child.signalCode}) while in use; its last output:\n${output.slice(-4000)}`, { cause: error });
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

/** The console URL from the banner Baton prints once it is running. */
async function consoleUrl(output: () => string, ended: () => boolean): Promise<string> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const url = /Console:\s+(\S+)/.exec(output())?.[1];
    if (url !== undefined) return url.replace(/\/$/, "");
    if (ended() || Date.now() > deadline) throw new Error(`Baton did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
