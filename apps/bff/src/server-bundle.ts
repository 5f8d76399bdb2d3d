import { copyFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { JOB_LAUNCHER_FILE } from "@baton/agent";
import { CHECKPOINTER_FILE } from "@baton/engine";
import { build } from "esbuild";
import { NODE_BUNDLE, OPTIONAL_NATIVE } from "./node-bundle";

const MAIN = fileURLToPath(new URL("./main.ts", import.meta.url));

/** The server as `pnpm start` runs it: `node --enable-source-maps` on this file. */
export const SERVER_BUNDLE = fileURLToPath(new URL("../dist/main.js", import.meta.url));

/**
 * Bundles the server into SERVER_BUNDLE, with a source map so that stack traces name the sources,
 * and copies beside it the scripts it starts by path (they find themselves next to the module
 * that starts them). Left outside: packages with native parts, resolved from this app's
 * dependencies at run time.
 */
export async function buildServer(): Promise<void> {
  await build({ ...NODE_BUNDLE, entryPoints: [MAIN], outfile: SERVER_BUNDLE, sourcemap: true, external: [...OPTIONAL_NATIVE, "better-sqlite3", "esbuild", "pg-native"], logLevel: "warning" });
  for (const file of [JOB_LAUNCHER_FILE, CHECKPOINTER_FILE]) copyFileSync(file, join(dirname(SERVER_BUNDLE), basename(file)));
}
