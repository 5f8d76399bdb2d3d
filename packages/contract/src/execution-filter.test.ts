import { describe, expect, it } from "vitest";
import {
  executableTypeOf,
  hasWildcard,
  matchesExecutionFilter,
  matchesWildcardPattern,
  parseStatusTerms,
  wildcardParts,
  type ExecutionFilterParams,
} from "./execution-filter";
import type { OutExecution } from "./schemas/executions";

describe("wildcardParts", () => {
  it.each([
    ["", []],
    ["NIGHTLY.*", [{ text: "NIGHTLY." }, "*"]],
    ["A?B*", [{ text: "A" }, "?", { text: "B" }, "*"]],
    ["**", ["*", "*"]],
    ["50%_\\", [{ text: "50%_\\" }]],
  ])("%j", (pattern, parts) => {
    expect(wildcardParts(pattern)).toEqual(parts);
  });

  it("tells a pattern with wildcards from a plain name", () => {
    expect([hasWildcard("NIGHTLY.*"), hasWildcard("A?"), hasWildcard("NIGHTLY.BACKUP")]).toEqual([true, true, false]);
  });
});

describe("matchesWildcardPattern", () => {
  it.each<[string, string, boolean]>([
    ["NIGHTLY.BACKUP", "NIGHTLY.*", true],
    ["nightly.backup", "NIGHTLY.*", true],
    ["NIGHTLY.BACKUP", "nightly.*", true],
    ["DAILY.BACKUP", "NIGHTLY.*", false],
    ["NIGHTLYXBACKUP", "NIGHTLY.BACKUP", false],
    ["JOB1", "JOB?", true],
    ["JOB12", "JOB?", false],
    ["JOB", "JOB*", true],
    ["", "*", true],
    ["", "?", false],
    ["A+B(C)[D]{E}|$^/\\", "A+B(C)[D]{E}|$^/\\", true],
    ["AB", "A+B", false],
    ["50%", "50%", true],
    ["500", "50%", false],
    ["A_B", "A_B", true],
    ["AXB", "A_B", false],
    // `?` is one character, a line break or one outside the basic plane included, as in SQL LIKE.
    ["A\nB", "A?B", true],
    ["A😀B", "A?B", true],
    // Only A-Z fold, as SQL upper() does in both dialects.
    ["é", "É", false],
    ["ǅ", "ǆ", false],
  ])("%j ~ %j: %s", (value, pattern, expected) => {
    expect(matchesWildcardPattern(value, pattern)).toBe(expected);
  });
});

/** Whether `value` matches `pattern`, by the textbook table of prefixes (A-Z folded): the reference the compiled pattern is held to. */
function matchesByTable(value: string, pattern: string): boolean {
  const text = [...value.toUpperCase()];
  const wild = [...pattern.toUpperCase()];
  let row = [true, ...text.map(() => false)];
  for (const ch of wild) {
    const next = [ch === "*" && row[0]!];
    for (let i = 1; i <= text.length; i++) next.push(ch === "*" ? next[i - 1]! || row[i]! : row[i - 1]! && (ch === "?" || ch === text[i - 1]));
    row = next;
  }
  return row[text.length]!;
}

/** Every word of up to `length` letters of `alphabet`. */
function words(alphabet: readonly string[], length: number): string[] {
  let level = [""];
  const all = [""];
  for (let n = 0; n < length; n++) {
    level = level.flatMap((word) => alphabet.map((letter) => word + letter));
    all.push(...level);
  }
  return all;
}

describe("matchesWildcardPattern against the table of prefixes", () => {
  it("agrees on every pattern of up to 4 of A, b, ?, * and every value of up to 5 of a, B, x", () => {
    const disagreements: string[] = [];
    for (const pattern of words(["A", "b", "?", "*"], 4)) {
      for (const value of words(["a", "B", "x"], 5)) {
        if (matchesWildcardPattern(value, pattern) !== matchesByTable(value, pattern)) disagreements.push(`${value} ~ ${pattern}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  // With a star per part, a regular expression trying every placement took minutes on one such name.
  it.each([
    ["*A*A*A*A*A*A*A*B", "A".repeat(5000), false],
    ["*?*?*?*?*?*?*?*?*!", "A".repeat(5000), false],
    ["*A*A*A*A*A*A*A*B", `${"A".repeat(5000)}B`, true],
    ["*?*?*?*?*?*?*?*?*!", `${"A".repeat(5000)}!`, true],
  ])("answers %j on a long name at once", (pattern, value, expected) => {
    expect(matchesWildcardPattern(value, pattern)).toBe(expected);
  });
});

describe("parseStatusTerms", () => {
  it.each([
    { values: ["1900"], terms: [{ from: 1900, to: 1900 }] },
    { values: ["1800-1899", "1550"], terms: [{ from: 1800, to: 1899 }, { from: 1550, to: 1550 }] },
    { values: ["ANY_OK"], terms: [{ from: 1900, to: 1999 }] },
    { values: ["any_blocked"], terms: [{ from: 1560, to: 1560 }, { from: 1562, to: 1562 }] },
  ])("$values", ({ values, terms }) => {
    expect(parseStatusTerms(values)).toEqual({ terms });
  });

  it.each([["19"], ["1900-1800"], ["ANY_THING"], ["1900;drop"], ["constructor"], ["__proto__"]])("refuses %s", (value) => {
    expect(parseStatusTerms([value])).toEqual({ invalid: value });
  });
});

describe("executableTypeOf", () => {
  it.each([
    ["JOBS", "JOBS"],
    ["jobs", "JOBS"],
    ["Job", "JOBS"],
    [" workflow ", "JOBP"],
    ["Period Container", "C_PERIOD"],
    ["CBCK", "CBCK"],
    ["no such type", undefined],
    ["J", undefined],
  ])("%j → %s", (value, code) => {
    expect(executableTypeOf(value)).toBe(code);
  });
});

function execution(runId: number, status: number, name = "NIGHTLY.BACKUP", minute = runId): OutExecution {
  return {
    name,
    type: "JOBS",
    queue: "CLIENT_QUEUE",
    run_id: runId,
    status,
    status_text: String(status),
    activation_time: `2025-01-01T10:${String(minute).padStart(2, "0")}:00Z`,
    user: "ADMIN/ADMIN",
    parent: 0,
  };
}

/** A form with every field empty, as the console's list keeps its filters: empty means not set. */
const EMPTY_FORM: ExecutionFilterParams = {
  run_id: "",
  name: "",
  name_exclude: false,
  alias: "",
  type: "",
  status: "",
  agent: "",
  agent_exclude: false,
  platform: "",
  queue: "",
  include_deactivated: false,
  time_frame_option: "",
  time_frame_from: "",
  time_frame_to: "",
  user: "",
  user_exclude: false,
  archive_key1: "",
  archive_key1_exclude: false,
  archive_key2: "",
  archive_key2_exclude: false,
  commented_only: false,
  modified_only: false,
  remote_status_number: "",
  remote_status_text: "",
  reference_run_id: "",
  zdu_version: "",
  sync_usage: "",
};

describe.each([
  ["a query", {}],
  ["a form", EMPTY_FORM],
])("matchesExecutionFilter with the filters of %s", (_, base: ExecutionFilterParams) => {
  it.each([
    ["", "", 1900, true],
    ["NIGHTLY.*", "", 1900, true],
    ["nightly.*", "", 1900, true],
    ["DAILY.*", "", 1900, false],
    ["NIGHTLY.BACKUP", "", 1900, true],
    ["", "1900", 1900, true],
    ["", "1800-1899", 1900, false],
    ["", "1800,1900-1999", 1910, true],
    ["", "ANY_ACTIVE", 1550, true],
    ["", "ANY_BLOCKED", 1561, false],
    ["", "ANY_BLOCKED", 1562, true],
    ["", "SOMETHING_NEW", 1900, null],
    // The server refuses the whole request for one value it cannot read: the list must ask it.
    ["", "1900,SOMETHING_NEW", 1900, null],
    ["", "1900-1800", 1850, null],
  ])("name %j status %j: %i → %s", (name, status, code, expected) => {
    expect(matchesExecutionFilter(execution(1, code), { ...base, name, status })).toBe(expected);
  });

  const job = { ...execution(7, 1550), agent: "WIN01", archive_key1: "NIGHT", queue: "CLIENT_QUEUE", alias: "NIGHTLY.COPY", start_time: "2025-01-01T10:07:30Z" };
  it.each<[ExecutionFilterParams, boolean | null]>([
    [{ name: "NIGHTLY.*", name_exclude: true }, false],
    [{ name: "DAILY.*", name_exclude: true }, true],
    [{ run_id: "7" }, true],
    [{ run_id: "8" }, false],
    [{ run_id: "seven" }, null],
    [{ type: "JOBS" }, true],
    [{ type: "jobs" }, true],
    [{ type: "JOBP,JOBS" }, true],
    [{ type: "JOBP" }, false],
    [{ type: "Job,Workflow" }, true],
    [{ type: "job" }, true],
    [{ type: "Workflow" }, false],
    [{ type: "SCRI,Script" }, false],
    [{ type: "CBCK" }, false],
    [{ type: "JOBS,no such type" }, null],
    [{ agent: "WIN*" }, true],
    [{ agent: "WIN*", agent_exclude: true }, false],
    [{ user: "ADMIN/*" }, true],
    [{ user: "OPS/*" }, false],
    [{ queue: "client_queue,OTHER" }, true],
    [{ queue: "OTHER" }, false],
    [{ platform: "UNIX" }, false],
    [{ alias: "*.COPY" }, true],
    [{ alias: "NIGHTLY.BACKUP" }, false],
    [{ archive_key1: "DAY", archive_key1_exclude: true }, true],
    [{ archive_key1: "night" }, true],
    [{ archive_key2: "X*" }, false],
    [{ archive_key2: "*" }, false],
    [{ archive_key2: "*", archive_key2_exclude: true }, true],
    [{ reference_run_id: "3" }, false],
    [{ time_frame_option: "start", time_frame_from: "2025-01-01T10:00:00Z", time_frame_to: "2025-01-01T11:00:00Z" }, true],
    [{ time_frame_option: "start", time_frame_to: "2025-01-01T10:07:30Z" }, true],
    [{ time_frame_option: "start", time_frame_to: "2025-01-01T10:07:29Z" }, false],
    [{ time_frame_option: "end", time_frame_from: "2025-01-01T10:00:00Z" }, false],
    [{ time_frame_option: "all", time_frame_from: "2025-01-01T10:00:00Z" }, null],
    [{ time_frame_option: "start", time_frame_from: "yesterday" }, null],
    [{ commented_only: true }, null],
    [{ commented_only: true, name: "DAILY.*" }, false],
    [{ sync_usage: "SYNC.A" }, null],
    [{ include_deactivated: true }, true],
  ])("%j → %s", (filters, expected) => {
    expect(matchesExecutionFilter(job, { ...base, ...filters })).toBe(expected);
  });

  it("matches the name of an execution without an alias, as the server does", () => {
    const { alias: _, ...unnamed } = job;
    expect(matchesExecutionFilter(unnamed, { ...base, alias: "NIGHTLY.BACKUP" })).toBe(true);
    expect(matchesExecutionFilter(unnamed, { ...base, alias: "*.COPY" })).toBe(false);
  });

  it("never matches a pattern against a value the execution does not have; `*_exclude` takes it in", () => {
    const { agent: _, ...agentless } = job;
    expect(matchesExecutionFilter(agentless, { ...base, agent: "*" })).toBe(false);
    expect(matchesExecutionFilter(agentless, { ...base, agent: "WIN*", agent_exclude: true })).toBe(true);
  });
});
