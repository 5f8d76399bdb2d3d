import { describe, expect, it } from "vitest";
import { describeStatus, formatElapsed } from "./http-status";

describe("HTTP status in words", () => {
  it("names known statuses and what they mean", () => {
    expect(describeStatus(200)).toEqual({ phrase: "OK", meaning: "the request succeeded", tone: "success" });
    expect(describeStatus(400)).toEqual({ phrase: "Bad Request", meaning: "the input is not valid", tone: "warning" });
    expect(describeStatus(503).tone).toBe("error");
  });

  it("falls back to the status class", () => {
    expect(describeStatus(418)).toEqual({ phrase: "Client Error", meaning: "the request was not accepted", tone: "warning" });
    expect(describeStatus(299).phrase).toBe("Success");
    expect(describeStatus(99).phrase).toBe("Unknown Status");
  });
});

describe("elapsed time", () => {
  it("reads in ms, seconds or minutes", () => {
    expect(formatElapsed(84.6)).toBe("85 ms");
    expect(formatElapsed(1250)).toBe("1.25 s");
    expect(formatElapsed(125_000)).toBe("2 min 05 s");
    expect(formatElapsed(Number.NaN)).toBe("—");
  });
});
