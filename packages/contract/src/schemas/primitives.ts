import { z } from "zod";
import { BOOLEAN, carries, INT32, STRING_LIST } from "../openapi/wire-types";

/** A query-string flag: true/false in any letter case (clients send Python's True/False too), or 1/0. */
export const QueryFlag = carries(
  z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(["true", "false", "1", "0"], "must be true or false"))
    .transform((v) => v === "true" || v === "1"),
  BOOLEAN,
);

export const Int32 = z.int().min(-2147483648).max(2147483647);

/** Integer query parameter, e.g. `max_results=20`. */
export const QueryInt = carries(z.string().regex(/^-?\d+$/, "must be an integer").transform(Number).pipe(Int32), INT32);

/** Comma-separated query values, e.g. `status=1800,1900-1999`. */
export const QueryList = carries(
  z.string().transform((v) => v.split(",").map((s) => s.trim()).filter((s) => s.length > 0)),
  STRING_LIST,
);

/**
 * Comma-separated values, each checked and normalised by `normalise`; the message names the first
 * value it refuses, followed by `expected`.
 */
export function queryListOf<T extends string>(normalise: (value: string) => T | undefined, expected: string) {
  const list = QueryList.transform((values, ctx) => {
    const out: T[] = [];
    for (const value of values) {
      const normalised = normalise(value);
      if (normalised === undefined) {
        ctx.addIssue({ code: "custom", message: `'${value}' ${expected}`, input: value });
        return z.NEVER;
      }
      out.push(normalised);
    }
    return out;
  });
  return carries(list, STRING_LIST);
}

/** A query list (queryListOf) that may not name a value twice. */
export function uniqueQueryListOf<T extends string>(normalise: (value: string) => T | undefined, expected: string) {
  return carries(
    queryListOf(normalise, expected).refine((values) => new Set(values).size === values.length, { error: "must not name a value twice" }),
    STRING_LIST,
  );
}

export const ClientId = carries(z.string().regex(/^\d{1,4}$/, "client must be a number from 0 to 9999").transform(Number), { type: "integer", minimum: 0, maximum: 9999 });

/** RunIDs are positive int32. */
export const RunIdParam = carries(z.string().regex(/^\d{1,10}$/, "run_id must be a number").transform(Number).pipe(z.int().min(1).max(2147483647)), { ...INT32, minimum: 1 });

export const IsoDateTime = z.iso.datetime({ offset: true });

/** Object names: upper case A-Z 0-9 . _ $ @ # -, at most 200 characters. */
export const OBJECT_NAME_PATTERN = /^[A-Z0-9._$@#-]{1,200}$/;

/** Names are case-insensitive for clients and stored upper case. */
export const ObjectName = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(OBJECT_NAME_PATTERN, "is not a valid object name (A-Z 0-9 . _ $ @ # -, at most 200 characters)"));
