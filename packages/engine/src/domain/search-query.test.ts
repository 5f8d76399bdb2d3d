import { ALL_RIGHTS, InSearchBody, Right } from "@baton/contract";
import { describe, expect, it } from "vitest";
import type { AuthorizationEntry } from "./authorization";
import { ValidationError } from "./errors";
import { folderAccess, folderPattern } from "./search-access";
import { queryTerms, searchQuery } from "./search-query";

const query = (raw: unknown, client = 100) => searchQuery(InSearchBody.parse(raw), client);

describe("queryTerms", () => {
  it.each([
    ["tar czf", ["tar", "czf"]],
    ['  "czf /etc"  backup ', ["czf /etc", "backup"]],
    ['"unterminated phrase', ["unterminated phrase"]],
    ['"" *', ["*"]],
    ["", []],
  ])("%j → %j", (text, terms) => {
    expect(queryTerms(text)).toEqual(terms);
  });
});

describe("searchQuery", () => {
  it("reads * among the object types as every type: no type condition", () => {
    expect(query({ filters: [{ filter_identifier: "object_type", object_types: ["*"] }] }).conditions).toEqual([]);
    expect(query({ filters: [{ filter_identifier: "object_type", object_types: ["JOBS", "*"] }] }).conditions).toEqual([]);
    expect(query({ filters: [{ filter_identifier: "object_type", object_types: ["jobs"] }] }).conditions).toEqual([{ kind: "types", values: ["JOBS"] }]);
  });

  it("reads filters into conditions, granularity and clients apart", () => {
    expect(
      query({
        filters: [
          { filter_identifier: "client" },
          { filter_identifier: "granularity", granularity: "calendar_event" },
          { filter_identifier: "location", location: "\\prod\\jobs\\" },
          { filter_identifier: "archive_key", archive_key: "K".repeat(33) },
          { filter_identifier: "process", query: 'tar "/etc x"' },
        ],
        sort_columns: [{ column: "title", order: "desc" }],
      }),
    ).toEqual({
      clients: [100, 0],
      granularity: "calendar_event",
      conditions: [{ kind: "location", folder: "PROD/JOBS", subfolders: false }, { kind: "nothing" }, { kind: "text", column: "process", terms: ["tar", "/etc x"] }],
      sort: [{ column: "title", descending: true }],
      maxResults: 50,
      startAt: 0,
    });
  });

  it("does not add client 0 twice", () => {
    expect(query({ filters: [{ filter_identifier: "client" }] }, 0).clients).toEqual([0]);
  });

  it("reads epoch seconds and milliseconds alike", () => {
    const frame = (from: unknown) => query({ filters: [{ filter_identifier: "time_frame", time_frame_option: "used", time_frame_from: from }] }).conditions[0];
    expect(frame(1_700_000_000)).toEqual({ kind: "time_frame", on: "used", from: 1_700_000_000_000, to: undefined });
    expect(frame("1700000000000")).toEqual({ kind: "time_frame", on: "used", from: 1_700_000_000_000, to: undefined });
  });

  it("reports every problem at its filter's path", () => {
    const body = {
      filters: [
        { filter_identifier: "location", location: "A/../B" },
        { filter_identifier: "time_frame", time_frame_option: "created", time_frame_from: 20, time_frame_to: 10 },
        { filter_identifier: "title", query: '""' },
      ],
    };
    expect(() => query(body)).toThrow(ValidationError);
    expect(issuePaths(() => query(body))).toEqual(["filters[0].location", "filters[1].time_frame_from", "filters[2].query"]);
  });
});

/** The paths of the validation issues `read` throws. */
function issuePaths(read: () => unknown): string[] {
  try {
    read();
  } catch (error) {
    if (error instanceof ValidationError) return error.issues.map((i) => i.path);
    throw error;
  }
  return [];
}

describe("folderAccess", () => {
  const entry = (objectType: string, objectName: string, prohibits = false, bitcode: number = Right.READ): AuthorizationEntry => ({ objectType, objectName, bitcode, prohibits });
  const access = (...authorizations: AuthorizationEntry[]) => folderAccess({ privileges: new Set(), authorizations });

  it.each([
    ["everything on every object", [entry("*", "*", false, ALL_RIGHTS)], null],
    ["folders by pattern; objects rights do not count", [entry("FOLD", "\\PROD\\*"), entry("JOBS", "*")], { grants: ["PROD/*"], prohibitions: [] }],
    ["type patterns covering FOLD", [entry("F*", "/TEST"), entry("FOLD", "\\TEST\\SECRET", true)], { grants: ["TEST"], prohibitions: ["TEST/SECRET"] }],
    ["a prohibition keeps an all-folders grant a filter", [entry("*", "*"), entry("FOLD", "\\X*", true)], { grants: ["*"], prohibitions: ["X*"] }],
    ["grants without the read bit", [entry("FOLD", "*", false, Right.EXECUTE)], { grants: [], prohibitions: [] }],
  ])("%s", (_, authorizations, expected) => {
    expect(access(...authorizations)).toEqual(expected);
  });

  it.each([
    ["\\", ""],
    ["\\PROD\\JOBS\\", "PROD/JOBS"],
    ["/prod//*", "PROD/*"],
  ])("folderPattern(%j) = %j", (pattern, stored) => {
    expect(folderPattern(pattern)).toBe(stored);
  });
});
