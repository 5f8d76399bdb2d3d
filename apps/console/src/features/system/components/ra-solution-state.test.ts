import { describe, expect, it } from "vitest";
import { compareVersions, defaultInstallVersion, installLabel } from "./ra-solution-state";

describe("RA solution installs", () => {
  it("offers the latest upload first", () => {
    expect(defaultInstallVersion({ uploaded_versions: ["1.0.0", "1.2.0"], installed_version: "1.0.0" })).toBe("1.2.0");
  });

  it("names what installing a version does", () => {
    expect(installLabel({ installed_version: null }, "1.0.0")).toBe("Install");
    expect(installLabel({ installed_version: "1.0.0" }, "1.2.0")).toBe("Update");
    expect(installLabel({ installed_version: "1.2.0" }, "1.2.0")).toBe("Reinstall");
    expect(installLabel({ installed_version: "1.2.0" }, "1.0.0")).toBe("Install this version");
  });

  it("compares versions number by number", () => {
    expect(compareVersions("1.10.0", "1.9.2")).toBeGreaterThan(0);
    expect(compareVersions("1.0", "1.0.0")).toBe(0);
    expect(compareVersions("2.0.0-beta", "2.0.1")).toBeLessThan(0);
  });
});
