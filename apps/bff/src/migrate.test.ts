import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { processesPerTest } from "./testing/baton-process";

const MIGRATE = fileURLToPath(new URL("./migrate.ts", import.meta.url));
const run = promisify(execFile);

describe("migrations as an explicit step", () => {
  const processes = processesPerTest();

  const migrate = async (dataDir: string) => (await run(process.execPath, ["--import", "tsx", MIGRATE], { env: { ...process.env, DATA_DIR: dataDir }, cwd: fileURLToPath(new URL("..", import.meta.url)) })).stdout;

  it("a node with BATON_MIGRATE=never refuses a database that needs migrations, and starts once `pnpm migrate` applied them", async () => {
    const dir = processes.dataDir();
    await expect(processes.start(dir, { BATON_MIGRATE: "never" })).rejects.toThrow(/needs the migrations 0001-initial, (\d{4}-[a-z-]+, )+\d{4}-[a-z-]+: run `pnpm migrate`/);

    const applied = /^Applied (\d+) migrations: (0001-initial, (?:\d{4}-[a-z-]+, )+\d{4}-[a-z-]+)\.\n$/.exec(await migrate(dir));
    expect(applied?.[2]?.split(", ").length).toBe(Number(applied?.[1]));
    expect(await migrate(dir)).toBe("The database is up to date: no migration to apply.\n");

    const started = await processes.start(dir, { BATON_MIGRATE: "never" });
    expect((await fetch(`${started.rest}/ping`)).status).toBe(200);
  });
});
