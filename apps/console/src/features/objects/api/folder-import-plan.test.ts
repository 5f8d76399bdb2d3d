import { ErrorCode } from "@baton/contract";
import { describe, expect, it } from "vitest";
import { describeProblem, directoryOf, droppedPath, entryIndexOf, planFolderImport, type DroppedFile } from "./folder-import-plan";

const job = (name: string, extra: Record<string, unknown> = {}) => ({ general_attributes: { name, type: "JOBS" }, ...extra });
const file = (path: string, json: unknown): DroppedFile => ({ path, text: JSON.stringify(json) });

describe("directoryOf", () => {
  it("takes the folder part of the paths react-dropzone and directory inputs give", () => {
    expect(directoryOf("./A.json")).toBe("");
    expect(directoryOf("/NIGHTLY/SUB/A.json")).toBe("NIGHTLY/SUB");
    expect(directoryOf("nightly/a.json")).toBe("nightly");
  });
});

describe("planFolderImport", () => {
  it("maps a dropped directory tree to entries with relative folder paths, bodies as written, each with its file", () => {
    const plan = planFolderImport([
      file("/nightly/load.json", { data: { jobs: job("load", { custom: { keep: "me" } }) }, path: "ELSEWHERE" }),
      file("/nightly/sub/report.json", job("REPORT")),
      file("top.json", { data: { scri: { general_attributes: { name: "S1", type: "SCRI" } } }, path: "" }),
    ]);
    expect(plan.problems).toEqual([]);
    expect(plan.entries).toEqual([
      { data: { jobs: job("load", { custom: { keep: "me" } }) }, path: "NIGHTLY" },
      { data: { jobs: job("REPORT") }, path: "NIGHTLY/SUB" },
      { data: { scri: { general_attributes: { name: "S1", type: "SCRI" } } }, path: "" },
    ]);
    expect(plan.sources).toEqual(["/nightly/load.json", "/nightly/sub/report.json", "top.json"]);
  });

  it("reads a folder export (the vendor's entries, the folder itself first) below the folder the file lies in", () => {
    const fold = (name: string) => ({ general_attributes: { name, type: "FOLD" } });
    const exported = {
      data: [
        { data: { fold: fold("OPS") }, path: "" },
        { data: { fold: fold("SUB") }, path: "OPS" },
        { data: { jobs: job("A") }, path: "OPS/SUB" },
        { data: { jobs: { ...job("B"), scripts: [{ process: ["echo", null] }] } }, path: "OPS" },
      ],
      warnings: { unresolved_external_references: [], access_denied: [] },
    };
    const plan = planFolderImport([file("backup/ops.json", exported)]);
    expect(plan.entries).toEqual(exported.data.map((entry) => ({ data: entry.data, path: entry.path === "" ? "BACKUP" : `BACKUP/${entry.path}` })));
    expect(plan.sources).toEqual(Array(4).fill("backup/ops.json"));
  });

  it("reads Baton's earlier folder export, entries without data, into the vendor's shape", () => {
    const exported = { data: [{ fold: { general_attributes: { name: "SUB", type: "FOLD" } }, path: "" }, { jobs: job("A"), path: "SUB" }] };
    const plan = planFolderImport([file("backup/ops.json", exported)]);
    expect(plan.entries).toEqual([
      { data: { fold: { general_attributes: { name: "SUB", type: "FOLD" } } }, path: "BACKUP" },
      { data: { jobs: job("A") }, path: "BACKUP/SUB" },
    ]);
  });

  it("keeps back only files that are not exports, and sends everything else for the engine to judge", () => {
    const plan = planFolderImport([
      file("a.json", job("A")),
      file("copy/a.json", job("a")),
      { path: "broken.json", text: "{oops" },
      file("x.json", { data: { nope: job("N") } }),
      file("my jobs/b.json", job("B")),
      file("empty.json", { hello: 1 }),
      file("list.json", { data: [42] }),
    ]);
    expect(plan.sources).toEqual(["a.json", "copy/a.json", "x.json", "my jobs/b.json", "list.json"]);
    expect(plan.entries[2]).toEqual({ data: { nope: job("N") }, path: "" });
    expect(plan.entries[3]).toEqual({ data: { jobs: job("B") }, path: "MY JOBS" });
    expect(plan.entries[4]).toBe(42);
    expect(plan.problems.map((p) => p.source)).toEqual(["broken.json", "empty.json"]);
    expect(plan.problems[0]?.message).toMatch(/^broken.json: not valid JSON/);
    expect(plan.problems[1]?.message).toMatch(/holds no object/);
  });
});

describe("droppedPath", () => {
  it("prefers the directory input's relative path, then react-dropzone's path, then the name", () => {
    expect(droppedPath({ name: "a.json", webkitRelativePath: "top/sub/a.json" })).toBe("top/sub/a.json");
    expect(droppedPath(Object.assign(new File(["{}"], "a.json"), { path: "/top/a.json" }))).toBe("top/a.json");
    expect(droppedPath(Object.assign(new File(["{}"], "a.json"), { path: "./a.json" }))).toBe("a.json");
    expect(droppedPath({ name: "a.json", webkitRelativePath: "" })).toBe("a.json");
  });
});

describe("describeProblem", () => {
  const sources = ["a.json", "sub/b.json"];
  it("says where in the object the problem is, without the entry's own prefix", () => {
    expect(describeProblem({ error: "must be one of A, F, N, L, X", path: "data[1].data.hostg.agent_group_attributes.mode" }, sources)).toBe("agent_group_attributes.mode: must be one of A, F, N, L, X");
    expect(describeProblem({ error: "is not a valid folder path", path: "data[0].path" }, sources)).toBe("path: is not a valid folder path");
    expect(describeProblem({ error: "is not an object type", path: "data[0].data.nope" }, sources)).toBe("is not an object type");
    expect(describeProblem({ error: "Permission check failed.", path: null }, sources)).toBe("Permission check failed.");
  });

  it("names the file of an entry the engine mentions", () => {
    expect(describeProblem({ error: "is imported twice (also at data[0].data.jobs)", path: "data[1].data.jobs.general_attributes.name" }, sources)).toBe("general_attributes.name: is imported twice (also at a.json)");
  });

  it("says how to replace an existing object in the console's words, not the API's", () => {
    const exists = { code: ErrorCode.OBJECT_EXISTS, path: "data[0].data.jobs.general_attributes.name" };
    expect(describeProblem({ ...exists, error: "already exists; import with overwrite_existing_objects=true to replace it" }, sources)).toBe("general_attributes.name: already exists; tick “Overwrite existing objects” to replace it");
    // Overwriting does not help against an object of another type: the engine's words stay.
    expect(describeProblem({ ...exists, error: "exists as CALE; an object of type JOBS cannot replace it" }, sources)).toBe("general_attributes.name: exists as CALE; an object of type JOBS cannot replace it");
  });

  it("finds the entry a path starts with", () => {
    expect(entryIndexOf("data[12].data.jobs")).toBe(12);
    expect(entryIndexOf("folder_path")).toBeUndefined();
    expect(entryIndexOf(null)).toBeUndefined();
  });
});
