import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A small filesystem of its own (tmpfs) that a test can fill to the last byte and empty again. */
export interface SmallDisk {
  dir: string;
  /** Writes a file that takes every free byte: the next write anywhere on the disk fails with ENOSPC. */
  fill(): void;
  /** Removes what `fill` wrote. */
  free(): void;
  unmount(): void;
}

const FILLER = "filler";

/**
 * Mounts a tmpfs of `mebibytes`, or says why it cannot: mounting needs root with CAP_SYS_ADMIN,
 * which CI's machines have (and a container without it does not).
 */
export function mountSmallDisk(mebibytes: number): SmallDisk | string {
  const dir = mkdtempSync(join(tmpdir(), "baton-small-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${mebibytes}m`, "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return `a tmpfs cannot be mounted here (needs root with CAP_SYS_ADMIN): ${String(error).split("\n")[0]}`;
  }
  return {
    dir,
    fill() {
      const chunk = Buffer.alloc(64 * 1024, 1);
      const file = join(dir, FILLER);
      writeFileSync(file, "");
      for (let size = chunk.length; size >= 1; size = Math.floor(size / 2)) {
        try {
          for (;;) writeFileSync(file, chunk.subarray(0, size), { flag: "a" });
        } catch (error) {
          if (!(error instanceof Error && "code" in error && error.code === "ENOSPC")) throw error;
        }
      }
    },
    free() {
      rmSync(join(dir, FILLER), { force: true });
    },
    unmount() {
      execFileSync("umount", ["-l", dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
