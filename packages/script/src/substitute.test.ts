import { describe, expect, it } from "vitest";
import { substituteVariables } from "./substitute";

const values: Record<string, string> = {
  "&TARGET#": "/srv/data",
  "&HOST#": "db01",
  "&A#": "1",
  "&B#": "2",
  "&LOOP#": "&HOST#",
};

function lookup(name: string): string | undefined {
  return values[name];
}

describe("substituteVariables", () => {
  it.each<[string, string]>([
    ["cp file &TARGET#", "cp file /srv/data"],
    ["scp &TARGET#/x &HOST#:&TARGET#", "scp /srv/data/x db01:/srv/data"],
    ["echo &UNKNOWN# &HOST#", "echo &UNKNOWN# db01"],
    ["&A#&B#", "12"],
    ["&target# &Host#", "/srv/data db01"],
    ["a & b && c", "a & b && c"],
    ["&&A#", "&1"],
    ["echo &LOOP#", "echo &HOST#"],
    ["&1A# &$A# &A", "&1A# &$A# &A"],
    ["no variables here", "no variables here"],
  ])("%j → %j", (text, expected) => {
    expect(substituteVariables(text, lookup)).toBe(expected);
  });

  it("asks for each name in upper case with & and #", () => {
    const asked: string[] = [];

    substituteVariables("&target# &§x_1@#", (name) => {
      asked.push(name);
      return undefined;
    });

    expect(asked).toEqual(["&TARGET#", "&§X_1@#"]);
  });

  it("leaves a name longer than 32 characters as written", () => {
    const text = `echo &${"N".repeat(32)}#`;

    expect(substituteVariables(text, () => "value")).toBe(text);
  });
});
