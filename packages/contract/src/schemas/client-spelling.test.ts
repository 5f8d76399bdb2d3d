import { describe, expect, it } from "vitest";
import { z } from "zod";
import { acceptClientSpellings } from "./client-spelling";

const Body = acceptClientSpellings(
  z.object({
    objectName: z.string(),
    branch_name: z.string().optional(),
    count: z.int().optional(),
    flag: z.boolean().optional(),
    mode: z.enum(["execute", "once"]).optional(),
    inputs: z.record(z.string(), z.unknown()).optional(),
    nested: z.object({ waitForManualRelease: z.boolean() }).optional(),
    choice: z.discriminatedUnion("kind", [z.object({ kind: z.literal("a"), aValue: z.int() }), z.object({ kind: z.literal("b"), bValue: z.boolean() })]).optional(),
  }),
);

describe("acceptClientSpellings", () => {
  it("takes snake_case and camelCase names, strings for booleans and numbers, enum values in any case", () => {
    expect(
      Body.parse({ object_name: "X", branchName: "main", count: "5", flag: "TRUE", mode: "ONCE", nested: { wait_for_manual_release: "false" }, choice: { kind: "B", b_value: "true" } }),
    ).toEqual({ objectName: "X", branch_name: "main", count: 5, flag: true, mode: "once", nested: { waitForManualRelease: false }, choice: { kind: "b", bValue: true } });
  });

  it("keeps the names of map entries and undeclared members as sent", () => {
    expect(Body.parse({ objectName: "X", inputs: { my_var: "1", someFlag: "true" } })).toEqual({ objectName: "X", inputs: { my_var: "1", someFlag: "true" } });
  });

  it("refuses a member given in two spellings, even with one value, naming it", () => {
    const result = Body.safeParse({ objectName: "X", object_name: "X" });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["objectName"], message: "is given twice, as 'objectName' and 'object_name': send one spelling" })]);
  });

  it("leaves what it cannot read to the schema to refuse", () => {
    expect(Body.safeParse({ objectName: "X", count: "five" }).success).toBe(false);
    expect(Body.safeParse({ objectName: "X", flag: "yes" }).success).toBe(false);
    expect(Body.safeParse({ objectName: "X", count: "5.5" }).success).toBe(false);
  });

  it("documents the schema as declared", () => {
    const json = z.toJSONSchema(Body, { io: "input" });
    expect(Object.keys(json.properties ?? {})).toEqual(["objectName", "branch_name", "count", "flag", "mode", "inputs", "nested", "choice"]);
  });
});
