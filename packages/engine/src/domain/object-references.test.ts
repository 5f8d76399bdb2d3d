import { describe, expect, it } from "vitest";
import { objectReferences } from "./object-references";

function scriptReferences(...process: string[]) {
  const body = { general_attributes: { name: "S" }, scripts: [{ process }] };
  const references = objectReferences(body).filter((r) => r.kind === "script");
  // Given the body's text as well, the same references come back.
  expect(objectReferences(body, JSON.stringify(body)).filter((r) => r.kind === "script")).toEqual(references);
  return references;
}

describe("objectReferences of script lines", () => {
  it("finds the objects script lines name, in any case, with the line they are on", () => {
    expect(scriptReferences("echo nothing here", ':SET &R# = activate_uc_object("nightly.job", WAIT)', ":put_var STORE.VARA, 'K', 'V'", ":SET &V# = GET_VAR(CONF.VARA, 'K')")).toEqual([
      { name: "NIGHTLY.JOB", kind: "script", member: "scripts[0].process[1]" },
      { name: "STORE.VARA", kind: "script", member: "scripts[0].process[2]" },
      { name: "CONF.VARA", kind: "script", member: "scripts[0].process[3]" },
    ]);
  });

  it("sees no name in lines without those calls, nor one built from a variable", () => {
    expect(scriptReferences("echo GET_VARS is not a call", ":SET &N# = ACTIVATE_UC_OBJECT(&NAME#)", "PREP_PROCESS_VAR without brackets")).toEqual([]);
  });
});
