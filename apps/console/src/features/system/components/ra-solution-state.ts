import type { OutRASolution } from "@baton/contract";

/** The solution's status in words, for the table and screen readers. */
export const RA_STATUS_WORDS: Record<OutRASolution["status"], string> = {
  installed: "Installed",
  update_available: "Update available",
  uploaded: "Uploaded, not installed",
};

/** The version an install offers first: the latest upload (the list is oldest first). */
export function defaultInstallVersion(solution: Pick<OutRASolution, "uploaded_versions" | "installed_version">): string {
  return solution.uploaded_versions.at(-1) ?? solution.installed_version ?? "";
}

/** What installing `version` does to the solution, as the button says it. */
export function installLabel(solution: Pick<OutRASolution, "installed_version">, version: string): "Install" | "Update" | "Reinstall" | "Install this version" {
  if (solution.installed_version === null) return "Install";
  if (version === solution.installed_version) return "Reinstall";
  return compareVersions(version, solution.installed_version) > 0 ? "Update" : "Install this version";
}

/** Compares dotted versions number by number ("1.10.0" after "1.9.2"); a suffix is ignored. */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.split(/[-+]/)[0]?.split(".").map(Number) ?? [];
  const left = parts(a);
  const right = parts(b);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
