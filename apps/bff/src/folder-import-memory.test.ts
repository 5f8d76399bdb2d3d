import { OutFolderImport } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestBaton, type TestBaton } from "./testing/test-baton";

const MiB = 1024 * 1024;
/** The body limit of imports (docs/security.md), less room for the envelope. */
const TARGET = 50 * MiB - 64 * 1024;

/** One job entry of about 10 KiB, as the vendor's folder export writes it: a process page of 100 lines. */
function entry(i: number): string {
  const lines = Array.from({ length: 100 }, (_, n) => `echo "line ${n} of job ${i}: ${"x".repeat(70)}"`);
  return JSON.stringify({ data: { jobs: { general_attributes: { name: `MEM.${String(i).padStart(6, "0")}`, type: "JOBS" }, job_attributes: { agent: "LOCAL" }, scripts: [{ process: lines }] } }, path: `P${i % 10}` });
}

/** A folder export of about 50 MiB, generated while it is sent so the test itself holds little of it. */
function body(): { stream: ReadableStream<Uint8Array>; sent: () => number; entries: () => number } {
  let sent = 0;
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        const start = Buffer.from('{"data":[');
        sent += start.length;
        controller.enqueue(start);
      }
      let text = "";
      while (text.length < 256 * 1024 && sent + text.length < TARGET) text += `${i === 0 ? "" : ","}${entry(i++)}`;
      if (text === "") {
        controller.enqueue(Buffer.from("]}"));
        sent += 2;
        controller.close();
        return;
      }
      const bytes = Buffer.from(text);
      sent += bytes.length;
      controller.enqueue(bytes);
    },
  });
  return { stream, sent: () => sent, entries: () => i };
}

describe.each(testDialects)("a 50 MiB folder import on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
  });
  afterAll(async () => {
    await test.stop();
  });

  /**
   * Measures what the process gains while a 50 MiB import runs (it also runs the client, and peaks
   * include garbage not yet collected, so the figures are logged and the bound is loose): reading
   * the body whole as chunks, one buffer, one string and one parsed tree would add some 250 MiB on
   * top of what writing the objects needs.
   */
  it("is read once as it arrives, holding far less than several copies of it", { timeout: 300_000 }, async () => {
    const base = process.memoryUsage();
    let peak = { rss: 0, heapUsed: 0, external: 0 };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = { rss: Math.max(peak.rss, now.rss), heapUsed: Math.max(peak.heapUsed, now.heapUsed), external: Math.max(peak.external, now.external + now.arrayBuffers) };
    }, 5);
    const started = Date.now();
    const { stream, sent, entries } = body();
    const response = await test.rest("/100/folderobjects?folder_path=MEMORY", { method: "POST", headers: { "content-type": "application/octet-stream" }, body: stream, duplex: "half" });
    clearInterval(sampler);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(OutFolderImport.parse(await response.json()).created).toBe(entries());
    const mib = (n: number) => Math.round((n / MiB) * 10) / 10;
    const report = {
      dialect,
      bodyMiB: mib(sent()),
      objects: entries(),
      seconds: (Date.now() - started) / 1000,
      peakHeapGrowthMiB: mib(peak.heapUsed - base.heapUsed),
      peakRssGrowthMiB: mib(peak.rss - base.rss),
      peakExternalGrowthMiB: mib(peak.external - base.external - base.arrayBuffers),
    };
    console.log(JSON.stringify(report));
    expect(report.peakRssGrowthMiB).toBeLessThan(512);
  });
});
