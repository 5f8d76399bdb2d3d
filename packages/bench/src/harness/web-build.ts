import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

/** The console app, built by the benches from its own vite config. */
export const CONSOLE_ROOT = fileURLToPath(new URL("../../../../apps/console/", import.meta.url));

/** The root of one of the bench's own small apps in baseline-apps/. */
export function baselineApp(name: string): string {
  return fileURLToPath(new URL(`../../baseline-apps/${name}/`, import.meta.url));
}

/**
 * Runs `use` with each app (a directory with index.html and vite.config.ts) built by vite for
 * production into a directory of its own under the OS temp directory, in the order given, and
 * removes them afterwards: the app's own dist/ is never written. Source maps are left out, as
 * they change nothing the browser loads.
 */
export async function withBuilds<T>(roots: readonly string[], use: (outDirs: string[]) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "baton-bench-web-"));
  try {
    const outDirs: string[] = [];
    for (const [i, root] of roots.entries()) {
      const outDir = join(dir, String(i));
      await build({
        root,
        configFile: join(root, "vite.config.ts"),
        // Loaded in memory: bundling it would write a temporary file beside the app's config.
        configLoader: "runner",
        mode: "production",
        logLevel: "error",
        build: { outDir, emptyOutDir: true, sourcemap: false },
      });
      outDirs.push(outDir);
    }
    return await use(outDirs);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A browser module (TypeScript) bundled by vite as one classic script that puts its exports on
 * `globalThis[globalName]`: what a bench adds to a page it did not build (page.addScriptTag).
 */
export async function bundleScript(entry: string, globalName: string): Promise<string> {
  const built = await build({
    configFile: false,
    logLevel: "error",
    build: { write: false, minify: false, lib: { entry, name: globalName, formats: ["iife"], fileName: globalName } },
  });
  const outputs = Array.isArray(built) ? built : [built];
  for (const output of outputs) {
    if (!("output" in output)) continue;
    for (const chunk of output.output) if (chunk.type === "chunk" && chunk.isEntry) return chunk.code;
  }
  throw new Error(`bundling ${entry} gave no script`);
}
