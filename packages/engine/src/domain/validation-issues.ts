import type { z } from "zod";
import type { ValidationIssue } from "./errors";

/** How zod issues become validation issues: where their paths start and which code they carry. */
export interface IssueFormat {
  /** Path of the validated value in the request, e.g. `data.jobs` or `data[3]`; "" for the whole request. */
  prefix: string;
  /** Application error code of an issue, by the first segment of its own path. */
  code: (firstSegment: string) => number;
  /** How a member name is written in the path (request bodies are answered in snake_case). */
  key?: (key: string) => string;
}

/** A path like `once.execution_date_time` or `data.jobs.scripts[0]` below `prefix`. */
export function memberPath(prefix: string, segments: readonly PropertyKey[], key: (key: string) => string = (k) => k): string {
  let out = prefix;
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += `${out === "" ? "" : "."}${key(String(segment))}`;
  }
  return out;
}

/**
 * The value at a zod path inside the validated input (undefined where it ends). A member missing
 * under its own name is looked up as `spelled` writes it: a body sent in snake_case is validated
 * with camelCase paths.
 */
export function valueAt(input: unknown, path: readonly PropertyKey[], spelled?: (key: string) => string): unknown {
  let value = input;
  for (const segment of path) {
    if (typeof value !== "object" || value === null) return undefined;
    const own = Reflect.get(value, segment);
    value = own === undefined && spelled !== undefined && typeof segment === "string" ? Reflect.get(value, spelled(segment)) : own;
  }
  return value;
}

/**
 * Every zod issue as a validation issue with the full path and the value found there (null below a
 * member that holds a secret, such as a password). A member that is not allowed (an unknown key)
 * becomes one issue at that member, whose value is its name.
 */
export function issuesFromZod(error: z.ZodError, input: unknown, format: IssueFormat): ValidationIssue[] {
  return error.issues.flatMap((issue): ValidationIssue[] => {
    const code = format.code(issue.path[0] === undefined ? "" : String(issue.path[0]));
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({ code, error: issue.message, path: memberPath(format.prefix, [...issue.path, key], format.key), invalidValue: key }));
    }
    if (issue.code === "invalid_key") {
      const key = issue.path[issue.path.length - 1];
      return [{ code, error: issue.issues[0]?.message ?? issue.message, path: memberPath(format.prefix, issue.path, format.key), invalidValue: key === undefined ? null : String(key) }];
    }
    const secret = issue.path.some((segment) => typeof segment === "string" && SECRET_MEMBER.test(segment));
    return [{ code, error: issue.message, path: memberPath(format.prefix, issue.path, format.key), invalidValue: secret ? null : (valueAt(input, issue.path, format.key) ?? null) }];
  });
}

/** Members whose values an answer never repeats, valid or not: a rejected password is still somebody's password. */
const SECRET_MEMBER = /password|secret|token/i;
