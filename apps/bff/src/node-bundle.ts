import type { BuildOptions } from "esbuild";

/**
 * What a bundle of Baton's code needs to run on Node 20 as one ES module: everything it imports
 * inside, except the packages listed in `external`.
 */
export const NODE_BUNDLE = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  legalComments: "none",
  // Bundled CommonJS dependencies call require(); an ES module has none of its own.
  banner: { js: 'import { createRequire as __batonRequire } from "node:module"; const require = __batonRequire(import.meta.url);' },
} satisfies BuildOptions;

/** ws's optional native helpers, left out of every bundle: it works without them. */
export const OPTIONAL_NATIVE = ["bufferutil", "utf-8-validate"];
