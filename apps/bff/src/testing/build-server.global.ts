import { buildServer } from "../server-bundle";

/** vitest's global setup: the process tests start the server's bundle as `pnpm start` does, built from these sources. */
export default async function setup(): Promise<void> {
  await buildServer();
}
