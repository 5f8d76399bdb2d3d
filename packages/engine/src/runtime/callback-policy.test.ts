import { describe, expect, it } from "vitest";
import { ValidationError } from "../domain/errors";
import { callbackBackoff } from "./callback-delivery";
import { CallbackPolicy } from "./callback-policy";
import { callbackRetryDelay } from "./callback-settings";

async function refusal(policy: CallbackPolicy, url: string): Promise<string | undefined> {
  try {
    await policy.check(url);
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error.issues[0]?.error;
    throw error;
  }
}

describe("CallbackPolicy", () => {
  const closed = new CallbackPolicy(undefined);

  it.each([
    "http://127.0.0.1:8080/hook",
    "http://localhost/hook",
    "http://10.1.2.3/x",
    "http://172.20.0.1/x",
    "http://192.168.1.1/x",
    "http://169.254.169.254/latest/meta-data",
    "http://[::1]/x",
    "http://[fe80::1]/x",
    "http://0.0.0.0/x",
    // Every spelling of loopback the URL parser or the resolver reads.
    "http://2130706433/",
    "http://0x7f.1/",
    "http://127.1/",
    "http://017700000001/",
    "http://0/",
    "http://[::]/",
    "http://[::127.0.0.1]/",
    "http://[::7f00:1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[0:0:0:0:0:ffff:127.0.0.1]/",
    "http://[::ffff:0:127.0.0.1]/",
    "http://[64:ff9b::127.0.0.1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://[::ffff:a9fe:a9fe]/latest/meta-data",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://[fec0::1]/",
    "http://[ff02::1]/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://100.64.0.1/",
    "http://LOCALHOST/",
  ])("refuses internal %s by default", async (url) => {
    expect(await refusal(closed, url)).toMatch(/internal address/);
  });

  it.each(["ftp://example.com/x", "file:///etc/passwd", "not a url"])("refuses %s", async (url) => {
    expect(await refusal(closed, url)).toBeDefined();
  });

  it.each(["http://localhost./", "http://localhost.localdomain./", "http://foo.localhost/", "http://nothing.invalid/"])("refuses %s, which does not resolve to a public address", async (url) => {
    expect(await refusal(closed, url)).toMatch(/internal address|cannot be resolved/);
  });

  it.each(["http://[::ffff:93.184.216.34]/", "http://[2606:2800:220:1:248:1893:25c8:1946]/", "http://1.1.1.1/"])("allows the public address %s", async (url) => {
    expect(await refusal(closed, url)).toBeUndefined();
  });

  it("applies an allowed IPv4 network to every spelling of its addresses, and host names with or without the final dot", async () => {
    const open = new CallbackPolicy("127.0.0.0/8, hooks.internal.");
    for (const url of ["http://2130706433/", "http://0x7f.1/", "http://[::127.0.0.1]/", "http://[::ffff:7f00:1]/"]) expect(await refusal(open, url)).toBeUndefined();
    expect(await refusal(open, "http://hooks.internal/x")).toBeUndefined();
    expect(await refusal(open, "http://hooks.internal./x")).toBeUndefined();
    expect(await refusal(open, "http://[::1]/")).toMatch(/internal address ::1/);
  });

  it("answers the addresses it checked, for connecting to exactly those, and none for a host allowed by name", async () => {
    const open = new CallbackPolicy("hooks.internal");
    expect((await open.checkHttpUrl("http://93.184.216.34:8080/x", "url")).addresses).toEqual(["93.184.216.34"]);
    expect((await open.checkHttpUrl("http://hooks.internal/x", "url")).addresses).toBeUndefined();
    await expect(open.checkHost("0x7f.1", "repository_url", "git://0x7f.1/x")).rejects.toThrow(ValidationError);
  });

  it("allows a public address", async () => {
    expect(await refusal(closed, "https://93.184.216.34/hook")).toBeUndefined();
  });

  it("allows what BATON_CALLBACK_ALLOW names: CIDRs and host names", async () => {
    const open = new CallbackPolicy("127.0.0.0/8, hooks.internal ,10.0.0.5");
    expect(await refusal(open, "http://127.0.0.1:9999/x")).toBeUndefined();
    expect(await refusal(open, "http://hooks.internal/x")).toBeUndefined();
    expect(await refusal(open, "http://10.0.0.5/x")).toBeUndefined();
    expect(await refusal(open, "http://10.0.0.6/x")).toMatch(/internal address 10.0.0.6/);
  });
});

describe("callbackBackoff", () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [4, 8000],
    [20, 86_400_000],
  ])("waits after attempt %i: %i ms", (attempts, ms) => {
    expect(callbackBackoff(attempts)).toBe(ms);
  });
});

describe("callbackRetryDelay", () => {
  // "Polling and Callback Requests": an interval of 30 s in linear mode retries after 30 s, then 60 s.
  it.each([
    ["CONSTANT", 1, 30_000],
    ["CONSTANT", 3, 30_000],
    ["LINEAR", 1, 30_000],
    ["LINEAR", 2, 60_000],
    ["SQUARED", 3, 270_000],
    ["EXPONENTIAL", 3, 120_000],
    ["EXPONENTIAL", 30, 86_400_000],
  ] as const)("%s after %i failed attempts waits %i ms", (mode, failed, ms) => {
    expect(callbackRetryDelay({ retries: 10, intervalMs: 30_000, mode }, failed)).toBe(ms);
  });
});
