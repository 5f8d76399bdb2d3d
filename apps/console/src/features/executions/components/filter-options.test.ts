import { describe, expect, it } from "vitest";
import { EXECUTION_TYPE_NAMES } from "@baton/contract";
import { TYPE_OPTIONS } from "./filter-options";

describe("TYPE_OPTIONS", () => {
  it("sends type codes, labelled with name and code, in the order of the names", () => {
    expect(TYPE_OPTIONS).toContainEqual({ value: "JOBP", label: "Workflow (JOBP)" });
    expect(TYPE_OPTIONS).toContainEqual({ value: "C_PERIOD", label: "Period Container (C_PERIOD)" });
    expect(TYPE_OPTIONS.map((o) => o.value).sort()).toEqual(Object.keys(EXECUTION_TYPE_NAMES).sort());
    const labels = TYPE_OPTIONS.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });
});
