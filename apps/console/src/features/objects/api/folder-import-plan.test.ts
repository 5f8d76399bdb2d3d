import { describe, expect, it } from "vitest";
import { classifyPlan, countActions, directoryOf, droppedPath, planFolderImport, problemsByObject, type DroppedFile } from "./folder-import-plan";

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
  it("maps a dropped directory tree to entries with relative folder paths, bodies as written", () => {
    const plan = planFolderImport([
      file("/nightly/load.json", { data: { jobs: job("load", { custom: { keep: "me" } }) }, path: "ELSEWHERE" }),
      file("/nightly/sub/report.json", job("REPORT")),
      file("top.json", { data: { scri: { general_attributes: { name: "S1", type: "SCRI" } } }, path: "" }),
    ]);
    expect(plan.problems).toEqual([]);
    expect(plan.body.data).toEqual([
      { data: { jobs: job("load", { custom: { keep: "me" } }) }, path: "NIGHTLY" },
      { data: { jobs: job("REPORT") }, path: "NIGHTLY/SUB" },
      { data: { scri: { general_attributes: { name: "S1", type: "SCRI" } } }, path: "" },
    ]);
    expect(plan.objects.map((o) => [o.name, o.type, o.folder])).toEqual([
      ["LOAD", "JOBS", "NIGHTLY"],
      ["REPORT", "JOBS", "NIGHTLY/SUB"],
      ["S1", "SCRI", ""],
    ]);
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
    expect(plan.body.data.map((entry) => entry.path)).toEqual(["BACKUP", "BACKUP/OPS", "BACKUP/OPS/SUB", "BACKUP/OPS"]);
    expect(plan.objects.map((o) => `${o.type} ${o.name} ${o.folder}`)).toEqual(["FOLD OPS BACKUP", "FOLD SUB BACKUP/OPS", "JOBS A BACKUP/OPS/SUB", "JOBS B BACKUP/OPS"]);
    expect(plan.body.data[3]?.data).toEqual(exported.data[3]?.data);
  });

  it("reads Baton's earlier folder export, entries without data", () => {
    const exported = { data: [{ fold: { general_attributes: { name: "SUB", type: "FOLD" } }, path: "" }, { jobs: job("A"), path: "SUB" }, { jobs: job("B"), path: "" }] };
    const plan = planFolderImport([file("backup/ops.json", exported)]);
    expect(plan.body.data.map((entry) => entry.path)).toEqual(["BACKUP", "BACKUP/SUB", "BACKUP"]);
    expect(plan.objects.map((o) => o.type)).toEqual(["FOLD", "JOBS", "JOBS"]);
  });

  it("names broken files, bad folder names and objects given twice instead of sending them", () => {
    const plan = planFolderImport([
      file("a.json", job("A")),
      file("copy/a.json", job("a")),
      { path: "broken.json", text: "{oops" },
      file("x.json", { data: { nope: job("N") } }),
      file("my jobs/b.json", job("B")),
      file("empty.json", { hello: 1 }),
    ]);
    expect(plan.objects.map((o) => o.name)).toEqual(["A"]);
    expect(plan.problems.map((p) => p.source)).toEqual(["copy/a.json", "broken.json", "x.json", "my jobs/b.json", "empty.json"]);
    expect(plan.problems[0]?.message).toMatch(/A is in a.json and in copy\/a.json/);
    expect(plan.problems[1]?.message).toMatch(/not valid JSON/);
    expect(plan.problems[2]?.message).toMatch(/nope is not an object type/);
    expect(plan.problems[3]?.message).toMatch(/folder name MY JOBS is not allowed/);
  });
});

describe("classifyPlan", () => {
  it("tells new objects, replacements, type conflicts and folders apart", () => {
    const plan = planFolderImport([file("n.json", job("NEW")), file("o.json", job("OLD")), file("c.json", job("CLASH")), file("f.json", { general_attributes: { name: "F", type: "FOLD" } })]);
    const existing = new Map([
      ["OLD", { type: "JOBS", folder: "X" }],
      ["CLASH", { type: "SCRI", folder: "" }],
    ]);
    const rows = classifyPlan(plan.objects, existing);
    expect(rows.map((r) => [r.name, r.action])).toEqual([
      ["NEW", "create"],
      ["OLD", "replace"],
      ["CLASH", "conflict"],
      ["F", "folder"],
    ]);
    expect(rows[1]?.existing).toEqual({ type: "JOBS", folder: "X" });
    expect(countActions(rows)).toEqual({ create: 1, replace: 1, conflict: 1, folder: 1 });
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

describe("problemsByObject", () => {
  it("names the object of each data[i] path and keeps other problems whole", () => {
    const plan = planFolderImport([file("a.json", job("A")), file("sub/b.json", job("B"))]);
    const problems = problemsByObject(
      [
        { message: "is too long", path: "data[1].jobs.general_attributes.description" },
        { message: "Object exists", path: "data[0].jobs.general_attributes.name" },
        { message: "Forbidden", path: null, details: "no right to write \\SUB" },
      ],
      plan.objects,
    );
    expect(problems.map((p) => [p.object?.name, p.message])).toEqual([
      ["B", "is too long (jobs.general_attributes.description)"],
      ["A", "Object exists (jobs.general_attributes.name)"],
      [undefined, "Forbidden: no right to write \\SUB"],
    ]);
  });
});
