import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OutRASolution, OutRASolutionsList } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestBaton, type TestBaton } from "./testing/test-baton";

/** A zip holding `files` (name → text), made with Python's zipfile. */
function zip(files: Record<string, string>): Buffer {
  const script = "import io,json,sys,zipfile\nb=io.BytesIO()\nz=zipfile.ZipFile(b,'w')\nfor n,t in json.load(sys.stdin).items(): z.writestr(n,t)\nz.close()\nsys.stdout.buffer.write(b.getvalue())";
  return execFileSync("python3", ["-c", script], { input: JSON.stringify(files) });
}

function solution(version: string, line: string): Buffer {
  const job = { jobs: { general_attributes: { name: "RA.DEMO.JOB", type: "JOBS" }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: [line] }] }, path: "" };
  return zip({ "manifest.json": JSON.stringify({ name: "demo", version, title: "Demo solution", objects: "content/objects.json" }), "content/objects.json": JSON.stringify({ data: [job] }) });
}

describe("RA solutions", () => {
  let test: TestBaton;
  let temp: string;
  beforeAll(async () => {
    test = await startTestBaton();
    temp = mkdtempSync(join(tmpdir(), "baton-ra-"));
  });
  afterAll(async () => {
    await test.stop();
    rmSync(temp, { recursive: true, force: true });
  });

  const upload = (body: Buffer, headers: Record<string, string>, client = 0) => test.rest(`/${client}/system/ra-solutions/upload`, { method: "POST", headers: { "content-type": "application/octet-stream", ...headers }, body });
  const md5 = (body: Buffer) => createHash("md5").update(body).digest("hex");

  it("uploads a package whose checksum matches, and refuses one that does not, an unsigned one without ignore-signature, or a broken one", async () => {
    const body = solution("1.0.0", "echo one");
    expect((await upload(body, { checksum: "00ff", "ignore-signature": "true" })).status).toBe(400);
    expect((await upload(body, { checksum: md5(body) })).status).toBe(400);
    expect((await upload(body, { checksum: md5(body), algorithm: "CRC32", "ignore-signature": "true" })).status).toBe(400);
    expect((await upload(Buffer.from("not a zip"), { checksum: md5(Buffer.from("not a zip")), "ignore-signature": "true" })).status).toBe(400);
    const noManifest = zip({ "objects.json": "{}" });
    expect((await upload(noManifest, { checksum: md5(noManifest), "ignore-signature": "true" })).status).toBe(400);
    expect((await upload(body, { checksum: md5(body), "ignore-signature": "true" }, 100)).status).toBe(403);
    const sha = createHash("sha256").update(body).digest("hex");
    const accepted = await upload(body, { checksum: sha, algorithm: "SHA-256", "ignore-signature": "true" });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(OutRASolution.parse(await accepted.json())).toMatchObject({ name: "DEMO", title: "Demo solution", uploaded_versions: ["1.0.0"], installed_version: null, status: "uploaded" });
  });

  it("installs the latest upload into client 0 below RA/<NAME> and updates to a newer one", async () => {
    expect(OutRASolution.parse(await (await test.rest("/0/system/ra-solutions", json({ name: "demo" }))).json())).toMatchObject({ installed_version: "1.0.0", installed_by: "ADMIN/ADMIN", status: "installed" });
    const job = await (await test.rest("/0/objects/RA.DEMO.JOB")).text();
    expect(job).toContain("echo one");
    const next = solution("1.10.0", "echo ten");
    expect((await upload(next, { checksum: md5(next), "ignore-signature": "1" })).status).toBe(200);
    expect(OutRASolution.parse(await (await test.rest("/0/system/ra-solutions/demo")).json())).toMatchObject({ uploaded_versions: ["1.0.0", "1.10.0"], status: "update_available" });
    await test.rest("/0/system/ra-solutions", json({ name: "DEMO" }));
    expect(await (await test.rest("/0/objects/RA.DEMO.JOB")).text()).toContain("echo ten");
    const list = OutRASolutionsList.parse(await (await test.rest("/0/system/ra-solutions")).json());
    expect(list.data).toEqual([expect.objectContaining({ name: "DEMO", installed_version: "1.10.0", status: "installed" })]);
    expect((await test.rest("/0/system/ra-solutions/none")).status).toBe(404);
    expect((await test.rest("/0/system/ra-solutions", json({ name: "demo", version: "9.9" }))).status).toBe(404);
    expect((await test.rest("/100/system/ra-solutions")).status).toBe(403);
  });
});
