import { describe, expect, it } from "vitest";
import type { ScriptValue } from "./host";
import { InMemoryScriptHost } from "./in-memory-script-host";
import { parseScript } from "./parse-script";
import { runScript } from "./run-script";

/** The ACT report a script writes, as one string, and how it ended. */
async function report(script: string, host: InMemoryScriptHost, variables: Record<string, ScriptValue> = {}) {
  const result = await runScript(parseScript(script.split("\n"), "script"), host, {
    mode: "script",
    variables: new Map(Object.entries(variables)),
  });
  return { text: host.printed.join("\n"), result };
}

describe("ACT report", () => {
  it("of a backup script over a VARA's rows", async () => {
    const host = new InMemoryScriptHost({
      varas: {
        "VARA.BACKUP.HOSTS": { DB01: ["/var/lib/db"], WEB01: [""], WEB02: ["/srv/www"] },
        "VARA.BACKUP.STATE": {},
      },
      objects: ["JOB.BACKUP.VERIFY"],
    });

    const { text, result } = await report(
      `! Nightly backup of the configured hosts
:DEFINE &COUNT#, unsigned
:SET &TODAY# = SYS_DATE()
:SET &HOSTS# = PREP_PROCESS_VAR(VARA.BACKUP.HOSTS)
:PRINT "Backup run of &TODAY#"

:PROCESS &HOSTS#
:  SET &HOST# = GET_PROCESS_LINE(&HOSTS#, 1)
:  SET &DIR# = GET_PROCESS_LINE(&HOSTS#, 2)
:  IF &DIR# = ""
:    PRINT "skipping &HOST#: no directory"
:  ELSE
:    INC &COUNT#
:    PRINT STR_CAT(FORMAT(&COUNT#, 3), " ", STR_LC(&HOST#), " -> ", &DIR#)
:  ENDIF
:ENDPROCESS
:PUT_VAR VARA.BACKUP.STATE, last_run, &TODAY#, &COUNT#
:SET &RUN# = ACTIVATE_UC_OBJECT(JOB.BACKUP.VERIFY, WAIT)
:IF GET_UC_OBJECT_STATUS(&RUN#) = 1900
:  PRINT "verified by run &RUN#"
:ENDIF
:RSET &BACKED_UP# = &COUNT#`,
      host,
    );

    expect(text).toBe(`Backup run of 2024-02-29
001 db01 -> /var/lib/db
skipping WEB01: no directory
002 web02 -> /srv/www
U00020206 Variable 'VARA.BACKUP.STATE' was stored with key 'LAST_RUN'.
U00007000 'JOB.BACKUP.VERIFY' activated with RunID '1001'.
verified by run 1001`);
    expect(result).toMatchObject({ outcome: "ended", returnCode: 0, rsets: new Map([["&BACKED_UP#", 2]]) });
    expect(host.varas.get("VARA.BACKUP.STATE")?.get("LAST_RUN")).toEqual(["2024-02-29", "2"]);
  });

  it("of a script that fails half-way", async () => {
    const host = new InMemoryScriptHost({ varas: { "VARA.LIMITS": { MAX_FILES: ["250"] } } });

    const { text, result } = await report(
      `:SET &ATTEMPT# = 0
:WHILE &ATTEMPT# < 3
:  INC &ATTEMPT#
:  PRINT "attempt &ATTEMPT# of 3"
:ENDWHILE
:SET &LIMIT# = GET_VAR(VARA.LIMITS, MAX_FILES)
:PRINT STR_CAT("limit is ", &LIMIT#)
:SET &PER_HOST# = &LIMIT# / &HOSTS#
:PRINT "not reached"`,
      host,
      { "&HOSTS#": 0 },
    );

    expect(text).toBe(`attempt 1 of 3
attempt 2 of 3
attempt 3 of 3
limit is 250
U00020999 Runtime error in line 8, column 27: division by zero`);
    expect(result).toMatchObject({ outcome: "failed", returnCode: 1, error: { message: "division by zero", line: 8, column: 27 } });
  });

  it("of a date loop ended by :STOP MSG", async () => {
    const { text, result } = await report(
      `:SET &I# = 3
:WHILE &I# > 0
:  SET &DAY# = ADD_DAYS(SYS_DATE(), 0 - &I#)
:  PRINT STR_CAT("report for ", &DAY#, _
:                " at ", SYS_TIME("HH:MM"))
:  SET &I# = &I# - 1
:ENDWHILE
:IF STR_FIND(&MODE#, "dry") > 0
:  STOP MSG, 40, "dry run: nothing sent"
:ENDIF
:PRINT "sent"`,
      new InMemoryScriptHost(),
      { "&MODE#": "dry-run" },
    );

    expect(text).toBe(`report for 2024-02-26 at 07:05
report for 2024-02-27 at 07:05
report for 2024-02-28 at 07:05
dry run: nothing sent`);
    expect(result).toMatchObject({ outcome: "stopped", returnCode: 40 });
  });
});
