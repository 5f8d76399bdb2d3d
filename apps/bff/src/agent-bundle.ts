import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const AGENT_ENTRY = fileURLToPath(new URL("../../../packages/agent/src/cli-entry.ts", import.meta.url));

let bundle: Promise<Buffer> | undefined;

/**
 * `baton-agent` as one JavaScript file for agent packages: the agent and everything it imports,
 * for Node 20 (ws's optional native helpers left out; it works without them). Built once.
 */
export function agentBundle(): Promise<Buffer> {
  bundle ??= build({
    entryPoints: [AGENT_ENTRY],
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    write: false,
    minify: true,
    legalComments: "none",
    external: ["bufferutil", "utf-8-validate"],
    // Bundled CommonJS dependencies call require(); an ES module has none of its own.
    banner: { js: 'import { createRequire as __batonRequire } from "node:module"; const require = __batonRequire(import.meta.url);' },
  }).then((result) => Buffer.from(result.outputFiles[0]?.contents ?? new Uint8Array()));
  bundle.catch(() => {
    bundle = undefined;
  });
  return bundle;
}
