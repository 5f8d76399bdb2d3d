import { describe, expect, it } from "vitest";
import { inheritedInputs, matchesMask, promptInputs, promptSetNames, resolveInputs, variablesAsEnvironment } from "./prompt-sets";

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

  it("takes a workflow task's declared inputs from what the workflow hands down, defaults filling the rest", () => {
    const inherited = new Map<string, string | number>([["&COUNT#", 2], ["&OTHER#", "not the task's"], ["&TEXT1", "no # so not TEXT1#"]]);
    expect(inheritedInputs(declared, inherited)).toEqual({ "COUNT#": 2 });
    const { variables, issues } = resolveInputs(declared, inheritedInputs(declared, inherited), "inputs");
    expect(issues).toEqual([]);
    expect([...variables]).toEqual([["&COUNT#", "2"], ["&TEXT1#", "hello"]]);
    expect(resolveInputs(declared, inheritedInputs(declared, new Map()), "inputs").issues.map((i) => i.path)).toEqual(["inputs.COUNT#"]);
  });

  it("refuses any input for an object without prompt sets", () => {
    expect(resolveInputs([], { A: 1 }, "inputs").issues[0]?.error).toBe("this object takes no prompt inputs");
  });

  const guarded = promptInputs({
    general_attributes: { name: "PRPT.G" },
    prompt_elements: [
      { name: "IN#", type: "text" },
      { name: "DIR#", type: "text", default: "$HOME/out" },
      { name: "MODE#", type: "text", allowed_values: ["full", "diff"] },
      { name: "CODE#", type: "text", max_length: "4" },
      { name: "DAY#", type: "text", mask: "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]" },
      { name: "HOST#", type: "text", mask: "web[0-9]*.example.com" },
      { name: "CMD#", type: "text", allow_shell_characters: "1" },
      { name: "N#", type: "number" },
    ],
  });

  it.each([
    ["IN#", "plain value with spaces, dots. and /slashes/", true],
    ["IN#", "$(id -un > /tmp/x)", false],
    ["IN#", "`id`", false],
    ["IN#", "'; id; '", false],
    ["IN#", 'a"b', false],
    ["IN#", "a|b", false],
    ["IN#", "a&b", false],
    ["IN#", "a<b", false],
    ["IN#", "a>b", false],
    ["IN#", "a;b", false],
    ["IN#", "a\\b", false],
    ["IN#", "line\nbreak", false],
    ["IN#", "carriage\rreturn", false],
    ["IN#", "${HOME}", false],
    ["IN#", "x".repeat(1024), true],
    ["IN#", "x".repeat(1025), false],
    ["CMD#", "$(date); echo 'done' | cat", true],
    ["DIR#", "$HOME/out", true],
    ["DIR#", "$HOME/other", false],
    ["CMD#", "nul\0byte", false],
    ["MODE#", "full", true],
    ["MODE#", "FULL", false],
    ["CODE#", "abcd", true],
    ["CODE#", "abcde", false],
    ["DAY#", "2026-11-26", true],
    ["DAY#", "2026-11-2x", false],
    ["HOST#", "web12.example.com", true],
    ["HOST#", "db1.example.com", false],
    ["N#", "3.5", true],
    ["N#", "Infinity", false],
  ])("%s = %j is accepted: %s", (name, value, accepted) => {
    const { issues } = resolveInputs(guarded, { [name]: value }, "inputs");
    expect(issues.map((issue) => issue.path)).toEqual(accepted ? [] : [`inputs.${name}`]);
  });

  it("refuses values that are neither text, number nor boolean", () => {
    expect(resolveInputs(guarded, { IN: { nested: "$(id)" } }, "inputs").issues.map((i) => [i.path, i.error])).toEqual([["inputs.IN", "must be a text, a number or a boolean"]]);
  });

  it.each([
    ["*", "", true],
    ["a*b*c", "aXXbYYc", true],
    ["a*b*c", "aXXbYY", false],
    ["?", "ä", true],
    ["[!0-9]x", "ax", true],
    ["[!0-9]x", "1x", false],
    ["\\*", "*", true],
    ["\\*", "a", false],
    ["[abc", "[abc", true],
    ["*a*a*a*a*a*a*a*a*b", "a".repeat(1024), false],
  ])("mask %j on %j: %s", (mask, value, expected) => {
    expect(matchesMask(value, mask)).toBe(expected);
  });

  it("passes job variables as environment variables under names a shell can read", () => {
    expect(variablesAsEnvironment(new Map<string, string | number>([["&IN#", "v"], ["&COUNT#", 3], ["&MY.VAR#", "m"], ["&1ST#", "f"], ["&PATH#", "/srv"], ["&LD_PRELOAD#", "x"], ["&BATON_JOB#", "j"], ["&#", "empty"]]))).toEqual({
      IN: "v",
      COUNT: "3",
      MY_VAR: "m",
      _1ST: "f",
      BATON_INPUT_PATH: "/srv",
      BATON_INPUT_LD_PRELOAD: "x",
      BATON_INPUT_BATON_JOB: "j",
    });
  });
});
