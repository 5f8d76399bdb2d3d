import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "./api-client";
import { describeError, missingAccess } from "./describe-error";

/** A 403 as the engine answers it (docs/security.md, Privileges). */
function refusal(details: string): ApiError {
  return new ApiError(403, [{ code: 9, message: "Permission check failed.", details, path: null }], "GET", "/api/100/system/metrics");
}

const NO_PRIVILEGE = refusal("'Missing privilege': SYSTEM_OVERVIEW for user READER/OPS: Access denied");
const NO_RIGHT = refusal("'Missing right': execute on JOBS 'NIGHTLY.BACKUP' for user OPS/OPS: Access denied");

describe("missingAccess", () => {
  it.each([
    ["a missing privilege", NO_PRIVILEGE, { kind: "privilege", name: "SYSTEM_OVERVIEW" }],
    ["a missing right on an object", NO_RIGHT, { kind: "right", name: "execute on JOBS 'NIGHTLY.BACKUP'" }],
    ["a refusal that names neither", refusal("'Client 0 only': client 7 can be deleted from the system client 0 only: Access denied"), null],
    ["another status", new ApiError(400, [{ code: 9, message: "x", details: "'Missing privilege': X for user A/B", path: null }], "GET", "/"), null],
    ["no answer at all", new NetworkError("GET", "/", new TypeError("Failed to fetch")), null],
  ])("reads %s", (_what, error, expected) => {
    expect(missingAccess(error)).toEqual(expected);
  });
});

describe("describeError for a refusal (403)", () => {
  it("keeps the server's words and names the privilege and whom to ask", () => {
    expect(describeError(NO_PRIVILEGE)).toEqual({
      title: "Permission check failed.",
      lines: ["'Missing privilege': SYSTEM_OVERVIEW for user READER/OPS: Access denied"],
      hint: "This needs the privilege SYSTEM_OVERVIEW, which your user does not have. Ask an administrator to grant it.",
    });
  });

  it("names the right on the object", () => {
    expect(describeError(NO_RIGHT).hint).toBe("This needs the right execute on JOBS 'NIGHTLY.BACKUP', which your user does not have. Ask an administrator to grant it.");
  });

  it("never words a refusal as an outage", () => {
    for (const error of [NO_PRIVILEGE, NO_RIGHT, refusal("")]) {
      const { hint } = describeError(error);
      expect(hint).toMatch(/administrator/);
      expect(hint).not.toMatch(/down|unreachable|try again|retr/i);
    }
  });

  it("keeps a screen's hint for the errors it expects, never for a refusal", () => {
    const outage = "The engine may be down or unreachable. Check that the server runs.";
    expect(describeError(new NetworkError("GET", "/", new TypeError("Failed to fetch")), outage).hint).toBe(outage);
    expect(describeError(new ApiError(503, [{ code: null, message: "503", details: null, path: null }], "GET", "/"), outage).hint).toBe(outage);
    expect(describeError(NO_PRIVILEGE, outage).hint).toMatch(/^This needs the privilege SYSTEM_OVERVIEW/);
  });
});
