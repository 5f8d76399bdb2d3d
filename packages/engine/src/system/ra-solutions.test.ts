import { createHash } from "node:crypto";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import { ALL_RIGHTS, PRIVILEGES } from "@baton/contract";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ZipFile } from "yazl";
import type { Principal } from "../auth/authenticator";
import { errorResponse } from "../http/error-response";
import { FolderService } from "../objects/folder-service";
import { openStore, type Store } from "../store/connect";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { refusal } from "../testing/test-engine";
import { RaSolutionService } from "./ra-solutions";

const admin: Principal = {
  client: 0,
  userName: "ADMIN/ADMIN",
  user: "ADMIN",
  department: "ADMIN",
  rights: { privileges: new Set(PRIVILEGES), authorizations: [{ objectType: "*", objectName: "*", bitcode: ALL_RIGHTS, prohibits: false }] },
};

/** A zip holding `files` (name → text). */
async function zip(files: Record<string, string>): Promise<Buffer> {
  const file = new ZipFile();
  for (const [name, text] of Object.entries(files)) file.addBuffer(Buffer.from(text), name);
  file.end();
  return buffer(file.outputStream);
}

/** A package of solution `name` in `version`, its objects file holding `objects` (one job by default). */
function solution(version: string, { name = "demo", objects, manifest = {} }: { name?: string; objects?: string; manifest?: Record<string, unknown> } = {}): Promise<Buffer> {
  const job = { jobs: { general_attributes: { name: "RA.DEMO.JOB", type: "JOBS" }, job_attributes: { agent: "LOCAL" } }, path: "" };
  return zip({ "manifest.json": JSON.stringify({ name, version, title: "Demo solution", ...manifest }), "objects.json": objects ?? JSON.stringify({ data: [job] }) });
}

/** JSON text of arrays nested `depth` levels. */
const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe.each(testDialects)("RA solutions on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let solutions: RaSolutionService;
  let dir: string;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const clock = { now: () => Date.parse("2030-01-01T00:00:00Z") };
    dir = join(database.dataDir, "ra-solutions");
    solutions = new RaSolutionService({ dir, store, clock, folders: new FolderService(store, clock, () => undefined) });
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  const upload = (body: Buffer) => solutions.upload(admin, body, { checksum: createHash("sha256").update(body).digest("hex"), algorithm: "SHA256", ignoreSignature: true });
  /** The status and body the interface answers with when `action` is refused. */
  const answer = async (action: Promise<unknown>) => errorResponse(await refusal(action));
  const storedFiles = () => readdir(dir).catch(() => [] as string[]);

  it("uploads and installs a package, keeping versions such as 1.2.3 and 21.0.4-hf1", async () => {
    await upload(await solution("1.2.3"));
    expect(await upload(await solution("21.0.4-hf1"))).toMatchObject({ name: "DEMO", uploaded_versions: ["1.2.3", "21.0.4-hf1"] });
    expect(await solutions.install(admin, { name: "DEMO", version: "1.2.3" })).toMatchObject({ installed_version: "1.2.3", status: "update_available" });
  });

  it("keeps solutions apart whose names and versions hold '-', and reads uploads kept under the earlier file names", async () => {
    await upload(await solution("21.0.4-hf1"));
    await upload(await solution("1.0", { name: "demo-21.0.4" }));
    await upload(await solution("2", { name: "demo-1" }));
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "LEGACY-A-1-2.zip"), await solution("1-2", { name: "legacy-a" }));
    await writeFile(join(dir, "NOT-A-PACKAGE-1.zip"), "not a zip");
    const list = await solutions.list(admin);
    expect(list.data.map((s) => [s.name, s.uploaded_versions])).toEqual([
      ["DEMO", ["21.0.4-hf1"]],
      ["DEMO-1", ["2"]],
      ["DEMO-21.0.4", ["1.0"]],
      ["LEGACY-A", ["1-2"]],
    ]);
    expect(await solutions.install(admin, { name: "LEGACY-A" })).toMatchObject({ name: "LEGACY-A", installed_version: "1-2" });
    expect(await solutions.install(admin, { name: "DEMO" })).toMatchObject({ name: "DEMO", installed_version: "21.0.4-hf1" });
    await upload(await solution("1-2", { name: "legacy-a", manifest: { title: "Uploaded again" } }));
    expect(await solutions.get(admin, "LEGACY-A")).toMatchObject({ uploaded_versions: ["1-2"], title: "Uploaded again" });
  });

  it("refuses a version longer than 50 characters, storing nothing, and keeps the longest name with a 50-character version", async () => {
    const before = await solutions.list(admin);
    expect(await answer(upload(await solution("1".repeat(300))))).toEqual({ status: 400, body: [expect.objectContaining({ path: "manifest.json.version", error: "must be at most 50 characters" })] });
    expect(await answer(upload(await solution(`1.0.0-${"a".repeat(45)}`)))).toMatchObject({ status: 400 });
    expect(await solutions.list(admin)).toEqual(before);
    expect(await storedFiles()).toEqual([]);
    const longest = { name: "N".repeat(200), version: `1.0.0-${"a".repeat(44)}` };
    expect(await upload(await solution(longest.version, { name: longest.name }))).toMatchObject({ uploaded_versions: [longest.version] });
  });

  it("refuses at upload an objects.json or manifest.json nested deeper than 64 levels, storing nothing", async () => {
    const deepObjects = await answer(upload(await solution("1.0.0", { objects: `{"data":[${nested(98)}]}` })));
    expect(deepObjects).toEqual({ status: 400, body: [expect.objectContaining({ path: "body", error: "objects.json of the package nests arrays and objects deeper than 64 levels" })] });
    expect(await answer(upload(await solution("1.0.0", { manifest: { extra: JSON.parse(nested(100)) as unknown } })))).toMatchObject({ status: 400, body: [{ error: "manifest.json of the package nests arrays and objects deeper than 64 levels" }] });
    expect(await storedFiles()).toEqual([]);
    expect(await upload(await solution("1.0.0", { manifest: { extra: JSON.parse(nested(63)) as unknown } }))).toMatchObject({ uploaded_versions: ["1.0.0"] });
  });

  it("answers 400 to installing a package nested too deep that was stored before uploads were checked, and still lists it", async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "DEEP-1.0.0.zip"), await solution("1.0.0", { name: "deep", objects: `{"data":[${nested(5_000)}]}` }));
    expect(await answer(solutions.install(admin, { name: "DEEP" }))).toMatchObject({ status: 400, body: [{ path: "body", error: "objects.json of the package nests arrays and objects deeper than 64 levels" }] });
    expect((await solutions.list(admin)).data).toEqual([expect.objectContaining({ name: "DEEP", uploaded_versions: ["1.0.0"], installed_version: null })]);
  });
});
