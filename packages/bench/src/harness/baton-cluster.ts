import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { withBatonProcess } from "./baton-process";
import { restClient, type RestClient } from "./rest";

/** One node of a cluster a bench started: its REST client and process id. */
export interface BatonNode {
  api: RestClient;
  pid: number;
}

/**
 * The settings every node of one database shares (docs/operations: sessions sealed with one key,
 * agents enrolled with one token); throwaway values, as the database is.
 */
const CLUSTER_ENV = { BATON_SESSION_KEY: "bench-cluster-session-key-0123", BATON_AGENT_TOKEN: "bench-cluster-agent-token-0123" };

/**
 * Runs `use` with `count` Baton processes on the PostgreSQL database `databaseUrl`, each with its
 * own data directory and node id, started one after the other (the first applies the migrations);
 * kills them and removes their directories afterwards.
 */
export async function withBatonCluster<T>(databaseUrl: string, count: number, use: (nodes: BatonNode[]) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "baton-bench-cluster-"));
  const started: BatonNode[] = [];
  const startFrom = async (index: number): Promise<T> => {
    if (index === count) return use(started);
    const dataDir = mkdtempSync(join(dir, "node-"));
    return withBatonProcess(dataDir, undefined, (url, pid) => {
      started.push({ api: restClient(url), pid });
      return startFrom(index + 1);
    }, { ...CLUSTER_ENV, DATABASE_URL: databaseUrl, BATON_NODE_ID: `BENCH-${index + 1}` });
  };
  try {
    return await startFrom(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
