import { describe, expect, it } from "vitest";
import type { ScriptValue } from "./host";
import { InMemoryScriptHost } from "./in-memory-script-host";
import { parseScript } from "./parse-script";
import { runScript } from "./run-script";

async function runJob(lines: readonly string[], variables: Record<string, ScriptValue> = {}) {
  const host = new InMemoryScriptHost();
  const result = await runScript(parseScript(lines, "job"), host, { mode: "job", variables: new Map(Object.entries(variables)) });
  return { result, printed: host.printed };
}

describe("job mode", () => {
  it("substitutes text lines with the values they have when reached", async () => {
    const { result, printed } = await runJob(
      [
        "#!/bin/sh",
        ":SET &TARGET# = '/srv/data'",
        "cp &FILE# &TARGET#/",
        ":SET &TARGET# = STR_CAT(&TARGET#, '/archive')",
        "  mv &target# &UNKNOWN# &&",
        ":PRINT 'generated'",
        "! a comment, not shell text",
        "",
        "exit 0",
      ],
      { "&FILE#": "report.csv" },
    );

    expect(result).toMatchObject({ outcome: "ended", returnCode: 0 });
    expect(result.text).toEqual(["#!/bin/sh", "cp report.csv /srv/data/", "  mv /srv/data/archive &UNKNOWN# &&", "exit 0"]);
    expect(printed).toEqual(["generated"]);
  });

  it("keeps only the text lines of the :IF branch taken", async () => {
    const lines = [":IF &OS# = 'linux'", "ls -l", ":ELSE", "dir", ":ENDIF", "echo done"];

    expect((await runJob(lines, { "&OS#": "linux" })).result.text).toEqual(["ls -l", "echo done"]);
    expect((await runJob(lines, { "&OS#": "windows" })).result.text).toEqual(["dir", "echo done"]);
  });

  it("repeats text lines in :WHILE and :PROCESS blocks", async () => {
    const { result } = await runJob([
      ":SET &I# = 1",
      ":WHILE &I# <= 3",
      "echo part &I#",
      ":  INC &I#",
      ":ENDWHILE",
    ]);

    expect(result.text).toEqual(["echo part 1", "echo part 2", "echo part 3"]);
  });

  it("emits no text after :EXIT", async () => {
    const { result } = await runJob(["echo one", ":EXIT 3", "echo two"]);

    expect(result).toMatchObject({ outcome: "exited", returnCode: 3, text: ["echo one"] });
  });

  it("keeps the text emitted before a runtime error", async () => {
    const { result, printed } = await runJob(["echo one", ":PRINT &MISSING#", "echo two"]);

    expect(result).toMatchObject({ outcome: "failed", text: ["echo one"], error: { line: 2, column: 8 } });
    expect(printed).toEqual(["U00020999 Runtime error in line 2, column 8: variable '&MISSING#' is not defined"]);
  });

  it("counts text lines against the step limit", async () => {
    const host = new InMemoryScriptHost();

    const result = await runScript(parseScript([":WHILE 1 = 1", "yes", ":ENDWHILE"], "job"), host, { mode: "job", stepLimit: 50 });

    expect(result.error?.message).toBe("step limit of 50 statements exceeded, possible endless loop");
    expect(result.text.length).toBeLessThan(50);
  });
});
