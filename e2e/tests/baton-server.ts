import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const BFF = fileURLToPath(new URL("../../apps/bff/", import.meta.url));

/**
 * Starts a Baton server of a test's own, the way `pnpm start` runs it (the bundle `pnpm build`
 * made, as for the shared server), with `env` on top of this process's environment.
 */
export function spawnBaton(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--enable-source-maps", "dist/main.js"], { cwd: BFF, env: { ...process.env, ...env }, stdio: "ignore" });
}
