import type { AgentFile } from "@baton/contract";
import { describe, expect, it } from "vitest";
import { fileEventCheck, readEvent, type SeenFile } from "./event-definition";

const file = (path: string, size: number, modified_ms = 1000): AgentFile => ({ path, size, modified_ms });
const paths = (files: readonly AgentFile[]) => files.map((f) => f.path);

describe("readEvent", () => {
  it("reads time events with their defaults", () => {
    expect(readEvent({ general_attributes: { name: "E" } })).toEqual({ type: "TIME", intervalSeconds: 60, maxHits: 0 });
  });

  it("reads file events", () => {
    expect(readEvent({ general_attributes: { name: "E" }, event_attributes: { event_type: "file", agent: "local", file_path: "/in/*.csv", condition: "stable", interval_seconds: "5", max_hits: "2" } })).toEqual({
      type: "FILE",
      agent: "LOCAL",
      filePath: "/in/*.csv",
      condition: "STABLE",
      intervalSeconds: 5,
      maxHits: 2,
    });
  });

  it.each([
    [{ event_type: "CONSOLE" }, "event_type 'CONSOLE' is not available"],
    [{ interval_seconds: "0" }, "interval_seconds must be"],
    [{ max_hits: "-1" }, "max_hits must be 0 or more"],
    [{ event_type: "FILE", file_path: "/in/a" }, "needs the agent"],
    [{ event_type: "FILE", agent: "LOCAL", file_path: "in/a" }, "file_path must be an absolute path"],
    [{ event_type: "FILE", agent: "LOCAL", file_path: "/in/a", condition: "GONE" }, "condition must be APPEARS or STABLE"],
  ])("refuses %j", (attributes, message) => {
    expect(() => readEvent({ general_attributes: { name: "E" }, event_attributes: attributes })).toThrow(message);
  });
});

describe("fileEventCheck", () => {
  it("APPEARS fires each new path once, and again after it was gone", () => {
    const first = fileEventCheck("APPEARS", [], [file("/in/a", 1)]);
    expect(paths(first.fire)).toEqual(["/in/a"]);
    const growing = fileEventCheck("APPEARS", first.seen, [file("/in/a", 5, 2000), file("/in/b", 1)]);
    expect(paths(growing.fire)).toEqual(["/in/b"]);
    const gone = fileEventCheck("APPEARS", growing.seen, [file("/in/b", 1)]);
    expect(gone.fire).toEqual([]);
    expect(paths(fileEventCheck("APPEARS", gone.seen, [file("/in/a", 1), file("/in/b", 1)]).fire)).toEqual(["/in/a"]);
  });

  it("STABLE fires a file once its size and time stop changing, once per version", () => {
    let seen: SeenFile[] = [];
    const step = (files: AgentFile[]) => {
      const result = fileEventCheck("STABLE", seen, files);
      seen = result.seen;
      return paths(result.fire);
    };
    expect(step([file("/in/a", 10, 1)])).toEqual([]);
    expect(step([file("/in/a", 20, 2)])).toEqual([]);
    expect(step([file("/in/a", 20, 2)])).toEqual(["/in/a"]);
    expect(step([file("/in/a", 20, 2)])).toEqual([]);
    // Rewritten: a new version, stable again at the next check.
    expect(step([file("/in/a", 20, 3)])).toEqual([]);
    expect(step([file("/in/a", 20, 3)])).toEqual(["/in/a"]);
  });
});
