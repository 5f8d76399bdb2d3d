import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords";

describe("passwords", () => {
  it("hashes with a per-user salt and verifies", async () => {
    const a = await hashPassword("Geheim-éß");
    const b = await hashPassword("Geheim-éß");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toContain("Geheim");
    expect(await verifyPassword("Geheim-éß", a)).toBe(true);
    expect(await verifyPassword("geheim-éß", a)).toBe(false);
  });

  it("refuses malformed hashes", async () => {
    expect(await verifyPassword("x", "plain")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$1$2$3$4$5")).toBe(false);
  });
});
