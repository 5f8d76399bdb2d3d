import { afterEach, describe, expect, it, vi } from "vitest";
import { getHealth } from "./get-health";

const PROCESS = { status: "UP", instancesRunning: 1 } as const;
const PLAIN = { status: "UP", pwp: PROCESS, wp: PROCESS, jwp: PROCESS, jcp: PROCESS, rest: PROCESS, cp: PROCESS };
const REFUSAL = { code: 9, error: "Permission check failed.", details: "'Missing privilege': SYSTEM_OVERVIEW for user READER/OPS: Access denied" };

/** The engine as docs/security.md describes it: the plain health for everyone, details only with SYSTEM_OVERVIEW. */
function engine(privileged: boolean) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      if (!url.includes("details=true")) return Response.json(PLAIN);
      return privileged ? Response.json({ ...PLAIN, count_active_executions: 2 }) : Response.json(REFUSAL, { status: 403 });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe("getHealth", () => {
  it("reads the details when the user may see them", async () => {
    const asked = engine(true);
    await expect(getHealth(100)).resolves.toEqual({ check: { ...PLAIN, count_active_executions: 2 }, detailsRefused: null });
    expect(asked).toEqual(["/api/100/system/health?details=true"]);
  });

  it("falls back to the plain health, which every user gets, and keeps the refusal that names the privilege", async () => {
    const asked = engine(false);
    const answer = await getHealth(100);
    expect(answer.check).toEqual(PLAIN);
    expect(answer.detailsRefused).toMatchObject({ status: 403, problems: [{ details: REFUSAL.details }] });
    expect(asked).toEqual(["/api/100/system/health?details=true", "/api/100/system/health"]);
  });

  it("lets other errors through: an engine that cannot be reached is not a refusal", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(getHealth(100)).rejects.toMatchObject({ name: "NetworkError" });
  });
});
