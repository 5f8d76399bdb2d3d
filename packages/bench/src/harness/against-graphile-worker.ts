import type { Engine, Store } from "@baton/engine/bench";
import { GraphileWorker } from "../baselines/graphile-worker";
import { defineNoopScript } from "./executions";
import { withPostgres } from "./postgres";
import { restClient, type RestClient } from "./rest";
import { withEngine } from "./servers";
import { withTempStore } from "./temp-store";

/** Both sides of a bench against graphile-worker, ready: the engine with a no-op script defined, and the worker. */
export interface EngineAndWorker {
  worker: GraphileWorker;
  store: Store;
  engine: Engine;
  api: RestClient;
}

/**
 * Runs `use` with graphile-worker on a fresh local PostgreSQL database and the engine on a fresh
 * SQLite store serving its REST API, with the no-op script `script` defined; tears all of it down after.
 */
export async function againstGraphileWorker<T>(script: string, use: (sides: EngineAndWorker) => Promise<T>): Promise<T> {
  return withPostgres(async (pgUrl) => {
    const worker = await GraphileWorker.open(pgUrl);
    try {
      return await withTempStore(({ store }) =>
        withEngine(store, async (url, engine) => {
          const api = restClient(url);
          await defineNoopScript(api, script);
          return use({ worker, store, engine, api });
        }),
      );
    } finally {
      await worker.close();
    }
  });
}
