import { describe, expect, it } from "vitest";
import { ValidationError } from "../domain/errors";
import { callbackBackoff } from "./callback-delivery";
import { CallbackPolicy } from "./callback-policy";

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
  ])("refuses internal %s by default", async (url) => {
    expect(await refusal(closed, url)).toMatch(/internal address/);
  });

  it.each(["ftp://example.com/x", "file:///etc/passwd", "not a url"])("refuses %s", async (url) => {
    expect(await refusal(closed, url)).toBeDefined();
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
    [20, 600_000],
  ])("waits after attempt %i: %i ms", (attempts, ms) => {
    expect(callbackBackoff(attempts)).toBe(ms);
  });
});
