import { execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/** Where Debian installs PostgreSQL's server binaries, one directory per major version. */
const DEBIAN_POSTGRES = "/usr/lib/postgresql";

/** A local PostgreSQL server a bench makes its databases on. */
export interface PostgresServer {
  /** Runs `use` with the URL of a new empty database on the server, dropped afterwards. */
  withDatabase<T>(use: (url: string) => Promise<T>): Promise<T>;
  /** Whether pg_stat_statements is loaded, so that a database can count the statements run in it. */
  statementStats: boolean;
}

/** How a bench wants its server. */
export interface PostgresOptions {
  /** Load pg_stat_statements in a throwaway cluster (it costs every statement a little, so only benches that count ask). */
  statementStats?: boolean;
}

/**
 * Runs `use` with the URL of an empty database on a local PostgreSQL, dropped afterwards: a new
 * database on BENCH_DATABASE_URL's server when it is set, else a throwaway cluster of Debian's
 * PostgreSQL in a temp directory (fsync off, as the test suite runs it), stopped and removed after.
 */
export async function withPostgres<T>(use: (url: string) => Promise<T>, options: PostgresOptions = {}): Promise<T> {
  return withPostgresServer((server) => server.withDatabase(use), options);
}

/** Runs `use` with a local PostgreSQL server as withPostgres chooses it, for benches that need several databases on one server. */
export async function withPostgresServer<T>(use: (server: PostgresServer) => Promise<T>, options: PostgresOptions = {}): Promise<T> {
  const server = process.env.BENCH_DATABASE_URL;
  if (server !== undefined && server !== "") return use(await serverAt(server));
  const cluster = await startCluster(options.statementStats === true);
  try {
    return await use(await serverAt(cluster.url));
  } finally {
    cluster.stop();
  }
}

async function serverAt(serverUrl: string): Promise<PostgresServer> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ loaded: boolean }>("select 'pg_stat_statements' = any(regexp_split_to_array(current_setting('shared_preload_libraries'), '\\s*,\\s*')) as loaded");
    return { withDatabase: (use) => withDatabase(serverUrl, use), statementStats: rows[0]?.loaded === true };
  } finally {
    await admin.end();
  }
}

let databases = 0;

async function withDatabase<T>(serverUrl: string, use: (url: string) => Promise<T>): Promise<T> {
  const name = `baton_bench_${process.pid}_${Date.now()}_${(databases += 1)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return await use(url.toString());
    } finally {
      await dropWhenUnused(admin, name);
    }
  } finally {
    await admin.end();
  }
}

/**
 * Drops the database once the bench's pools have let go of it. Not `with (force)`: a connection the
 * server ends raises an error in a pool that no longer listens, which ends the whole process.
 */
async function dropWhenUnused(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      // 55006: the database is still being accessed.
      if ((error as { code?: string }).code !== "55006" || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

interface Cluster {
  url: string;
  stop(): void;
}

async function startCluster(statementStats: boolean): Promise<Cluster> {
  const bin = newestServerBin();
  const dir = mkdtempSync(join(tmpdir(), "baton-bench-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()), 0);
  const run = (command: string, args: string[]) => execFileSync(asRoot ? "runuser" : command, asRoot ? ["-u", "postgres", "--", command, ...args] : args, { stdio: "ignore" });
  const port = await freePort();
  const data = join(dir, "data");
  run(join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  run(join(bin, "pg_ctl"), ["-D", data, "-l", join(dir, "log"), "-w", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200${statementStats ? " -c shared_preload_libraries=pg_stat_statements" : ""}`, "start"]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // Also when a bench ends the process by an error: no server is left running in the temp directory.
  process.once("exit", stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

/** The directory of the newest PostgreSQL server binaries Debian installed (initdb, pg_ctl, pgbench ...). */
export function newestServerBin(): string {
  let versions: string[];
  try {
    versions = readdirSync(DEBIAN_POSTGRES).filter((name) => /^\d+$/.test(name));
  } catch {
    versions = [];
  }
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (newest === undefined) throw new Error(`no PostgreSQL under ${DEBIAN_POSTGRES}: install Debian's postgresql package or set BENCH_DATABASE_URL`);
  return join(DEBIAN_POSTGRES, newest, "bin");
}

/** A loopback port the kernel has just handed out and taken back. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
