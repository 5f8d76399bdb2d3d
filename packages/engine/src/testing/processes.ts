import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Command lines of the host's processes that contain `text`: for tests that no process outlived its end. */
export function processesWith(text: string): string[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((pid) => {
      try {
        return readFileSync(join("/proc", pid, "cmdline"), "utf8").replaceAll("\0", " ");
      } catch {
        return "";
      }
    })
    .filter((line) => line.includes(text));
}
