import { describe, expect, it } from "vitest";
import { promptInputs, promptSetNames, resolveInputs } from "./prompt-sets";

const declared = promptInputs({
  general_attributes: { name: "PRPT.X" },
  prompt_elements: [
    { name: "TEXT1#", type: "text", default: "hello" },
    { name: "&COUNT#", type: "number", required: "1" },
    { name: "NOTE", type: "text" },
  ],
});

describe("prompt sets", () => {
  it("reads declared inputs and referenced prompt sets", () => {
    expect(declared.map((d) => [d.name, d.type, d.defaultValue, d.required])).toEqual([
      ["TEXT1#", "text", "hello", false],
      ["COUNT#", "number", undefined, true],
      ["NOTE#", "text", undefined, false],
    ]);
    expect(promptSetNames({ general_attributes: { name: "J" }, prompt_set_list: [{ name: "prpt.x" }, "PRPT.Y", { other: 1 }] })).toEqual(["PRPT.X", "PRPT.Y"]);
  });

  it("turns inputs into variables, defaults filling the rest", () => {
    const { variables, issues } = resolveInputs(declared, { COUNT: "3", "note#": "n" }, "inputs");
    expect(issues).toEqual([]);
    expect([...variables]).toEqual([["&COUNT#", "3"], ["&NOTE#", "n"], ["&TEXT1#", "hello"]]);
  });

  it.each([
    [{ COUNT: "x" }, ["inputs.COUNT"]],
    [{}, ["inputs.COUNT#"]],
    [{ COUNT: 1, OTHER: 2 }, ["inputs.OTHER"]],
  ])("refuses %j", (sent, paths) => {
    expect(resolveInputs(declared, sent, "inputs").issues.map((i) => i.path)).toEqual(paths);
  });

  it("refuses any input for an object without prompt sets", () => {
    expect(resolveInputs([], { A: 1 }, "inputs").issues[0]?.error).toBe("this object takes no prompt inputs");
  });
});
