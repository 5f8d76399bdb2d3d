import { describe, expect, it } from "vitest";
import { certificateValidity } from "./certificate-validity";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const cert = (valid_from: string, valid_to: string, expired = false) => ({ valid_from, valid_to, expired });

describe("certificate validity in words", () => {
  it("counts the whole days left", () => {
    expect(certificateValidity(cert("2026-01-01T00:00:00Z", "2027-01-03T11:00:00Z"), NOW)).toEqual({ label: "Valid, 41 days left", tone: "good" });
  });

  it("asks for renewal in the last month", () => {
    expect(certificateValidity(cert("2026-01-01T00:00:00Z", "2026-11-23T13:00:00Z"), NOW)).toEqual({ label: "Valid, 1 day left: renew it soon", tone: "warning" });
  });

  it("says Expired, and since when, when the server says so", () => {
    expect(certificateValidity(cert("2025-01-01T00:00:00Z", "2026-11-19T12:00:00Z", true), NOW)).toEqual({ label: "Expired 3 days ago", tone: "bad" });
    expect(certificateValidity(cert("2025-01-01T00:00:00Z", "2026-11-22T11:00:00Z", true), NOW).label).toBe("Expired today");
  });

  it("names a certificate that is not valid yet", () => {
    expect(certificateValidity(cert("2026-12-01T00:00:00Z", "2027-12-01T00:00:00Z"), NOW)).toEqual({ label: "Not valid before 2026-12-01", tone: "bad" });
  });
});
