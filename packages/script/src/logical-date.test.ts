import { describe, expect, it } from "vitest";
import { InMemoryScriptHost } from "./in-memory-script-host";
import { parseScript } from "./parse-script";
import { runScript } from "./run-script";

// SYS_LDATE returns the logical date given for the run, SYS_DATE the real one
// (https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/Script/Reference/SYS_LDATE.htm).

async function printed(logicalTime: number | undefined): Promise<string[]> {
  const host = new InMemoryScriptHost();
  const script = parseScript([":PRINT SYS_LDATE()", ":PRINT SYS_LTIME('HH-MM')", ":PRINT SYS_LDATE('DD.MM.YYYY')", ":PRINT SYS_DATE()"], "script");
  await runScript(script, host, { mode: "script", ...(logicalTime !== undefined && { logicalTime }) });
  return host.printed;
}

describe("SYS_LDATE and SYS_LTIME", () => {
  it("return the run's logical date and time, in the format asked for", async () => {
    const lines = await printed(Date.parse("2018-05-03T10:30:00Z"));
    expect(lines.slice(0, 3)).toEqual(["2018-05-03", "10-30", "03.05.2018"]);
    expect(lines[3]).not.toBe("2018-05-03");
  });

  it("return the real date and time for a run without a logical date", async () => {
    const lines = await printed(undefined);
    expect(lines[0]).toBe(lines[3]);
  });
});
