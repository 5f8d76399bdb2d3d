import type { Dialect } from "@baton/engine";
import { createTestDatabase, type DatabaseLocation, type TestDatabase } from "@baton/engine/testing";
import { afterEach } from "vitest";
import { processesPerTest, type Process } from "../testing/baton-process";
import { ADMIN } from "../testing/test-baton";

/** A Baton process of a fault test and where its database is. */
export interface FaultBaton extends Process {
  location: DatabaseLocation;
  /** fetch below the REST base with the administrator's login. */
  send(path: string, init?: RequestInit): Promise<Response>;
}

/**
 * Baton processes on fresh databases for the tests of one file (SQLite in the data directory, or
 * a new PostgreSQL database); processes, directories and databases are removed after each test.
 */
export function faultBatons() {
  const processes = processesPerTest();
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    for (const database of databases.splice(0)) await database.drop();
  });
  return {
    ...processes,
    /** A fresh database of `dialect` (its SQLite file, or PostgreSQL database, in `dataDir` when given). */
    async database(dialect: Dialect, dataDir?: string): Promise<DatabaseLocation> {
      if (dialect === "sqlite") return { dataDir: dataDir ?? processes.dataDir(), databaseUrl: undefined };
      const database = await createTestDatabase(dialect);
      databases.push(database);
      return { dataDir: dataDir ?? database.dataDir, databaseUrl: database.databaseUrl };
    },
    /** Starts Baton on `location`. */
    async startOn(location: DatabaseLocation, env: Record<string, string> = {}): Promise<FaultBaton> {
      const started = await processes.start(location.dataDir, { ...(location.databaseUrl !== undefined && { DATABASE_URL: location.databaseUrl }), ...env });
      return { ...started, location, send: (path, init) => send(started.rest, path, init) };
    },
  };
}

export function send(rest: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${rest}${path}`, { ...init, headers: { authorization: ADMIN, "content-type": "application/json", ...init.headers } });
}

export function post(body: unknown): RequestInit {
  return { method: "POST", body: JSON.stringify(body) };
}
