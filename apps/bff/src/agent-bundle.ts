import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { NODE_BUNDLE, OPTIONAL_NATIVE } from "./node-bundle";

const AGENT_ENTRY = fileURLToPath(new URL("../../../packages/agent/src/cli-entry.ts", import.meta.url));

let bundle: Promise<Buffer> | undefined;

/** `baton-agent` as one JavaScript file for agent packages: the agent and everything it imports. Built once. */
export function agentBundle(): Promise<Buffer> {
  bundle ??= build({ ...NODE_BUNDLE, entryPoints: [AGENT_ENTRY], write: false, minify: true, external: OPTIONAL_NATIVE }).then((result) => Buffer.from(result.outputFiles[0]?.contents ?? new Uint8Array()));
  bundle.catch(() => {
    bundle = undefined;
  });
  return bundle;
}
