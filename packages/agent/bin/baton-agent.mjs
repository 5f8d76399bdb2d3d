#!/usr/bin/env node
// Runs the agent from its TypeScript sources (agent packages carry a bundled build instead).
import { register } from "tsx/esm/api";

register();
await import("../src/cli-entry.ts");
