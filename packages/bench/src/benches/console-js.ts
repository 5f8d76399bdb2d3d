import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Bench } from "../harness/bench";
import { resultRow, type ResultRow } from "../harness/result";
import { CONSOLE_ROOT, baselineApp, withBuilds } from "../harness/web-build";

const KB = 1000;

/** The value of `name` in one HTML tag, e.g. the src of a script tag. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

/**
 * The JavaScript a built app's index.html makes the browser load before anything is shown: its
 * module scripts and the chunks vite lists as modulepreload (all that they import statically).
 * Chunks imported on demand (routes loaded when first opened) are in neither.
 */
function initialScripts(outDir: string): string[] {
  const html = readFileSync(join(outDir, "index.html"), "utf8");
  const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => attribute(tag, "type") === "module").map((tag) => attribute(tag, "src"));
  const preloads = (html.match(/<link\b[^>]*>/g) ?? []).filter((tag) => attribute(tag, "rel") === "modulepreload").map((tag) => attribute(tag, "href"));
  const files = [...scripts, ...preloads].filter((src): src is string => src !== undefined);
  if (scripts.length === 0) throw new Error(`console-js bench: ${outDir}/index.html loads no module script`);
  return [...new Set(files)];
}

/** What those scripts weigh gzipped at level 9, each file on its own as a server sends it, in KB. */
function initialGzipKB(outDir: string): number {
  const bytes = initialScripts(outDir).reduce((sum, src) => sum + gzipSync(readFileSync(join(outDir, src)), { level: 9 }).length, 0);
  return bytes / KB;
}

/**
 * The console's production build against a one-Button React + MUI app built by the same vite with
 * the same versions: what the console adds to the least a React + MUI page costs. The console is
 * one single-page entry whose routes are imported statically except those loaded when first
 * opened, so its initial scripts are what /executions loads. Sizes do not vary between builds: one
 * sample a side.
 */
async function initialJs(): Promise<ResultRow[]> {
  return withBuilds([CONSOLE_ROOT, baselineApp("one-button")], async ([consoleOut = "", buttonOut = ""]) => {
    const samples = { subject: [initialGzipKB(consoleOut)], baseline: [initialGzipKB(buttonOut)] };
    return [resultRow("console-js", "KB", samples, { kind: "ratio", value: 1 / 2.5 })];
  });
}

/** The console's first load. */
export const consoleJsBench: Bench = {
  id: "console-js",
  summary: "gzip size of the JavaScript loaded first by the console's /executions page, against a one-Button React + MUI app",
  run: initialJs,
};
