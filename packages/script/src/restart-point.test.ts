import { describe, expect, it } from "vitest";
import { InMemoryScriptHost } from "./in-memory-script-host";
import { parseScript, restartFrom } from "./parse-script";
import { runScript } from "./run-script";
import { ScriptSyntaxError } from "./script-syntax-error";

// :RESTART as the vendor documents it: a name of at most 8 characters and an optional text; a
// restart runs the lines up to the first restart point, then those after the one chosen
// (https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/12.0/AWA%2520Guides/Content/AE_AWA_Source/Script/ucaady.htm).

const PAGE = ["echo before", ":RESTART RP1, 'first step'", "echo one", ":restart rp2", "echo two"];

async function textOf(lines: readonly string[], point?: string) {
  const host = new InMemoryScriptHost();
  const parsed = parseScript(lines, "job");
  const script = point === undefined ? parsed : restartFrom(parsed, point);
  if (script === undefined) return undefined;
  const result = await runScript(script, host, { mode: "job" });
  return { text: result.text, printed: host.printed };
}

describe(":RESTART", () => {
  it("reads the point's name in upper case and its text", () => {
    expect(parseScript(PAGE, "job").statements.filter((s) => s.kind === "restart").map((s) => s.kind === "restart" && [s.point, s.text?.kind])).toEqual([
      ["RP1", "string"],
      ["RP2", undefined],
    ]);
    expect(parseScript([":RESTART 10"], "script").statements).toMatchObject([{ kind: "restart", point: "10" }]);
  });

  it.each([
    [":RESTART", "needs the name of the restart point"],
    [":RESTART TOOLONG99", "at most 8 characters"],
    [":RESTART 'RP1'", "needs the name of the restart point"],
    [":RESTART RP1 RP2", "after the restart point"],
    [":IF 1 = 1\n:RESTART RP1\n:ENDIF", "cannot stand inside :IF"],
  ])("refuses %j", (source, message) => {
    expect(() => parseScript(source.split("\n"), "job")).toThrow(ScriptSyntaxError);
    expect(() => parseScript(source.split("\n"), "job")).toThrow(message);
  });

  it("runs the whole page without a restart point, printing each passed point's text", async () => {
    expect(await textOf(PAGE)).toEqual({ text: ["echo before", "echo one", "echo two"], printed: ["first step"] });
  });

  it.each([
    ["RP1", ["echo before", "echo one", "echo two"]],
    ["rp2", ["echo before", "echo two"]],
  ])("restarted from %s runs the lines before the first point, then those from it on", async (point, text) => {
    expect((await textOf(PAGE, point))?.text).toEqual(text);
  });

  it("has no restart from a point the page does not have", async () => {
    expect(await textOf(PAGE, "RP3")).toBeUndefined();
    expect(await textOf(["echo only"], "RP1")).toBeUndefined();
  });
});
