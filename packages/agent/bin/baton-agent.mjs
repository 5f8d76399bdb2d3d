#!/usr/bin/env node
// Runs the agent from its TypeScript sources (agent packages carry a bundled build instead).
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli.ts");
await main(process.argv.slice(2), process.env);
