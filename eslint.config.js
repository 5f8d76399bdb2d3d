// Lint guards for the workspace's dependency rules, and nothing else (no style rules):
//   console → contract; bff → contract, engine, agent (the composition root); engine → contract,
//   script; agent → contract; the engine's domain/ imports nothing from store/, http/ or runtime/;
//   nothing imports from an app; console features do not import each other; no import cycles.
// No rule here needs type information, so `pnpm lint` parses without a TypeScript program.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import importX, { createNodeResolver } from "eslint-plugin-import-x";

/** Zone paths are relative to the repository root, wherever eslint runs from. */
const basePath = fileURLToPath(new URL(".", import.meta.url));

const consoleFeatures = "apps/console/src/features";
const features = readdirSync(new URL(`./${consoleFeatures}/`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const extensions = [".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs"];
const engineSrc = "packages/engine/src";

/** Every workspace package and app; a zone forbids the ones a folder may not import. */
const all = {
  contract: "packages/contract",
  script: "packages/script",
  engine: "packages/engine",
  agent: "packages/agent",
  bench: "packages/bench",
  console: "apps/console",
  bff: "apps/bff",
  e2e: "e2e",
};
const others = (...allowed) =>
  Object.entries(all)
    .filter(([name]) => !allowed.includes(name))
    .map(([, path]) => path);

/** Nothing imports from an app: one zone per app. */
const fromConsole = {
  target: ["packages/**", "e2e/**", "apps/bff/**"],
  from: all.console,
  message: "Nothing imports from an app.",
};
const fromBff = { target: ["packages/**", "e2e/**", "apps/console/**"], from: all.bff, message: fromConsole.message };

const engineZone = { target: all.engine, from: others("engine", "contract", "script"), message: "engine → contract, script only." };

const zones = [
  // Package direction: each package imports only the packages its arrow names.
  { target: all.contract, from: others("contract"), message: "contract imports no other workspace package." },
  { target: all.script, from: others("script"), message: "script is pure: it imports no other workspace package." },
  engineZone,
  { target: all.agent, from: others("agent", "contract"), message: "agent → contract only." },
  { target: all.console, from: others("console", "contract"), message: "console → contract only." },
  {
    target: all.bff,
    from: others("bff", "contract", "engine", "agent"),
    message: "bff → contract, engine, agent (it is the composition root).",
  },
  {
    target: all.bench,
    // The apps are guarded by the zones below.
    from: others("bench", "contract", "engine", "agent", "console", "bff"),
    message: "bench → contract, engine, agent.",
  },
  fromConsole,
  fromBff,
  // The engine's domain is pure.
  {
    target: `${engineSrc}/domain`,
    from: [`${engineSrc}/store`, `${engineSrc}/http`, `${engineSrc}/runtime`],
    message: "domain/ imports nothing from store/, http/ or runtime/.",
  },
  // Console features do not import each other; shared code lives in src/lib and src/components.
  ...features.map((feature) => ({
    target: `${consoleFeatures}/${feature}`,
    from: consoleFeatures,
    except: [`./${feature}`],
    message: "A console feature does not import another feature: move shared code to src/lib or src/components.",
  })),
];

export default defineConfig(
  {
    ignores: ["**/node_modules/**", "**/dist/**", "**/results/**", "e2e/artifacts/**", "e2e/test-results/**"],
  },
  {
    files: ["**/*.{ts,tsx,mts,cts,js,mjs,cjs}"],
    languageOptions: { parser: tseslint.parser },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { "import-x": importX },
    settings: {
      // Which files the rules follow and parse: imports are written without extensions (bundler
      // resolution), and workspace packages resolve through their package.json exports to src/.
      "import-x/extensions": extensions,
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts", ".cts"] },
      "import-x/resolver-next": [createNodeResolver({ extensions: [...extensions, ".json"] })],
    },
    rules: {
      // Cycles of runtime imports; `import type` is erased at compile time and not followed.
      "import-x/no-cycle": "error",
      // An import the resolver cannot follow would slip past the zones: none may be left unresolved.
      "import-x/no-unresolved": "error",
      "import-x/no-restricted-paths": ["error", { basePath, zones }],
    },
  },
  {
    // The engine's behaviour tests run jobs on the real embedded agent: its tests and their harness
    // may import the agent package (a dev dependency); the engine's own code may not.
    files: ["packages/engine/src/**/*.test.ts", "packages/engine/src/testing/test-engine.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { basePath, zones: zones.map((zone) => (zone === engineZone ? { ...zone, from: others("engine", "contract", "script", "agent") } : zone)) },
      ],
    },
  },
);
