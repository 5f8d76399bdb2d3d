import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { OutAgent, OutCertificatesList, OutRunId } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, ADMIN_PASSWORD, jobEnvelope, startTestBaton, until, type TestBaton } from "./testing/test-baton";

const AGENT_BIN = fileURLToPath(new URL("../../../packages/agent/bin/baton-agent.mjs", import.meta.url));
const TOKEN = "https-agent-token-0123456789";

/** One HTTPS request trusting `ca`: status, headers and body text. */
function call(url: string, ca: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", ca, headers: { "content-type": "application/json", ...init.headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

describe("HTTPS", () => {
  let test: TestBaton;
  let dir: string;
  let cert: string;
  let agent: ChildProcess | undefined;
  const rest = (path: string, init: { method?: string; body?: string } = {}) => call(`${test.baton.restUrl}${path}`, cert, { ...init, headers: { authorization: ADMIN } });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "baton-tls-"));
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=localhost/O=Baton Test", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")], { stdio: "ignore" });
    cert = readFileSync(join(dir, "cert.pem"), "utf8");
    test = await startTestBaton("sqlite", { BATON_TLS_CERT: join(dir, "cert.pem"), BATON_TLS_KEY: join(dir, "key.pem"), BATON_AGENT_TOKEN: TOKEN });
  });
  afterAll(async () => {
    agent?.kill("SIGKILL");
    await test.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves the REST API and the console over TLS, with a Secure session cookie", async () => {
    expect(test.baton.url).toMatch(/^https:\/\//);
    expect((await rest("/100/executions")).status).toBe(200);
    const login = await call(`${test.baton.url}/bff/session`, cert, { method: "POST", body: JSON.stringify({ client: 100, user: "ADMIN", department: "ADMIN", password: ADMIN_PASSWORD }) });
    expect(login.status).toBe(200);
    expect(String(login.headers["set-cookie"])).toMatch(/; Secure/);
  });

  it("lists the certificate it serves with its subject, issuer, validity and fingerprint", async () => {
    const list = OutCertificatesList.parse(JSON.parse((await rest("/100/system/certificates")).text));
    const fingerprint = execFileSync("openssl", ["x509", "-in", join(dir, "cert.pem"), "-noout", "-fingerprint", "-sha256"], { encoding: "utf8" }).trim().split("=")[1];
    expect(list.data).toEqual([expect.objectContaining({ subject: "CN=localhost, O=Baton Test", issuer: "CN=localhost, O=Baton Test", fingerprint_sha256: fingerprint, expired: false })]);
    expect(Date.parse(list.data[0]?.valid_to ?? "") - Date.now()).toBeGreaterThan(24 * 3600_000);
  });

  it("takes standalone agents over wss when they trust the certificate", async () => {
    agent = spawn(process.execPath, [AGENT_BIN, "--engine", test.baton.url, "--name", "SECURE1", "--token", TOKEN, "--dir", join(dir, "agent"), "--ca", join(dir, "cert.pem")], { stdio: "ignore" });
    await until(async () => {
      const answer = await rest("/100/system/agents/SECURE1");
      return answer.status === 200 && OutAgent.parse(JSON.parse(answer.text)).active;
    }, 20_000);
    await rest("/100/objects", { method: "POST", body: JSON.stringify(jobEnvelope("TLS.JOB", ["echo over tls"], { job_attributes: { platform: "UNIX", agent: "SECURE1", unix_shell: "sh" } })) });
    const runId = OutRunId.parse(JSON.parse((await rest("/100/executions", { method: "POST", body: JSON.stringify({ object_name: "TLS.JOB", execution_option: "execute" }) })).text)).run_id;
    await until(async () => JSON.parse((await rest(`/100/executions/${runId}`)).text).status === 1900);
  });

  it("makes agent packages that reach the engine over https and trust its certificate", async () => {
    const created = await rest("/100/system/agentpacks", { method: "POST", body: JSON.stringify({ name: "SECURE2" }) });
    expect(created.status).toBe(201);
    const { link } = JSON.parse(created.text) as { link: string };
    const zip = await new Promise<Buffer>((resolve, reject) => {
      request(`${test.baton.url}${link}`, { ca: cert, headers: { authorization: ADMIN } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk)).on("end", () => resolve(Buffer.concat(chunks)));
      }).on("error", reject).end();
    });
    const unpacked = join(dir, "pack");
    execFileSync("python3", ["-c", "import io,sys,zipfile; zipfile.ZipFile(io.BytesIO(sys.stdin.buffer.read())).extractall(sys.argv[1])", unpacked], { input: zip });
    const config = readFileSync(join(unpacked, "baton-agent", "agent.ini"), "utf8");
    expect(config).toContain(`url=${test.baton.url}`);
    expect(config).toContain("ca=engine-ca.pem");
    expect(readFileSync(join(unpacked, "baton-agent", "engine-ca.pem"), "utf8")).toBe(cert);
  });
});
