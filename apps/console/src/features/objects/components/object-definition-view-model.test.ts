import { describe, expect, it } from "vitest";
import type { ObjectBody } from "@baton/contract";
import { definitionSections } from "./object-definition-view-model";
import type { DefinitionSection } from "./object-definition-view-fields";

function section(sections: DefinitionSection[], title: string): DefinitionSection {
  const found = sections.find((s) => s.title === title);
  if (found === undefined) throw new Error(`no section ${title} in ${sections.map((s) => s.title).join(", ")}`);
  return found;
}

function fieldMap(s: DefinitionSection): Record<string, string> {
  if (s.kind !== "fields") throw new Error(`${s.title} is ${s.kind}`);
  return Object.fromEntries(s.fields.map((f) => [f.label, f.value]));
}

describe("definitionSections", () => {
  it("reads a job: general and job attributes with what an operator looks for, its pages as scripts, its variables as a table", () => {
    const job: ObjectBody = {
      metadata: { version: "21.0.0" },
      general_attributes: { name: "NIGHTLY.BACKUP", type: "JOBS", title: "Backup", mrt_time: "3600", custom_flag: "X" },
      job_attributes: { agent: "LOCAL", unix_shell: "bash" },
      scripts: [{ pre_process: [':SET &TARGET# = "/tmp"'] }, { process: ["mkdir -p &TARGET#", null] }],
      object_variables: [{ name: "&TARGET#", value: "/tmp" }],
    };
    const sections = definitionSections(job);
    expect(sections.map((s) => `${s.kind}:${s.title}`)).toEqual(["fields:General attributes", "fields:Job attributes", "script:Pre-process", "script:Process", "table:Object variables", "fields:Metadata"]);
    // Name and type are the page's header; a member the screen does not know keeps its own name.
    expect(fieldMap(section(sections, "General attributes"))).toEqual({ Title: "Backup", Queue: "CLIENT_QUEUE (default)", "Maximum runtime": "1 h 00 min (3600 s)", "Custom flag": "X" });
    expect(fieldMap(section(sections, "Job attributes"))).toEqual({ Agent: "LOCAL", Login: "—", Shell: "bash" });
    expect(section(sections, "Process")).toEqual({ kind: "script", title: "Process", text: "mkdir -p &TARGET#\n" });
    expect(section(sections, "Object variables")).toMatchObject({ columns: [{ label: "Name" }, { label: "Value" }], rows: [["&TARGET#", "/tmp"]] });
  });

  it("links object names but not the built-in client queue", () => {
    const sections = definitionSections({ general_attributes: { name: "J", type: "JOBS", queue: "Q.NIGHT" }, job_attributes: { agent: "LOCAL", login: "LOGIN.LOCAL" } });
    const general = section(sections, "General attributes");
    const job = section(sections, "Job attributes");
    expect(general.kind === "fields" && general.fields.find((f) => f.label === "Queue")).toEqual({ label: "Queue", value: "Q.NIGHT", object: "Q.NIGHT" });
    expect(job.kind === "fields" && job.fields.find((f) => f.label === "Login")).toEqual({ label: "Login", value: "LOGIN.LOCAL", object: "LOGIN.LOCAL" });
    const own = section(definitionSections({ general_attributes: { name: "J", type: "JOBS", queue: "CLIENT_QUEUE" } }), "General attributes");
    expect(own.kind === "fields" && own.fields.find((f) => f.label === "Queue")).toEqual({ label: "Queue", value: "CLIENT_QUEUE" });
  });

  it("reads a workflow's tasks with their predecessors in words and leaves the line conditions to them", () => {
    const sections = definitionSections({
      general_attributes: { name: "WF", type: "JOBP" },
      workflow_definitions: [
        { line_number: "1", object_name: "START", object_type: "<START>" },
        { line_number: "2", object_name: "EXTRACT", object_type: "JOBS" },
        { line_number: "3", object_name: "CLEANUP", object_type: "SCRI", active: "0" },
        { line_number: "4", object_name: "END", object_type: "<END>" },
      ],
      line_conditions: [
        { workflow_line_number: "2", line_number: "1", predecessor_line_number: "1" },
        { workflow_line_number: "3", line_number: "1", predecessor_line_number: "2", expected_status: "ANY_ABEND" },
        { workflow_line_number: "4", line_number: "1", predecessor_line_number: "3" },
      ],
    });
    expect(sections.map((s) => s.title)).toEqual(["General attributes", "Tasks"]);
    expect(section(sections, "Tasks")).toMatchObject({
      columns: [{ label: "Line" }, { label: "Object", objects: true }, { label: "Type" }, { label: "After" }, { label: "Active" }],
      rows: [
        ["2", "EXTRACT", "JOBS", "START", "Yes"],
        ["3", "CLEANUP", "SCRI", "2 on abend", "No"],
      ],
    });
  });

  it("reads a schedule's tasks, a calendar's keywords with their days, a variable's values and a prompt set's elements as tables", () => {
    const schedule = definitionSections({
      general_attributes: { name: "S", type: "JSCH" },
      schedule_definitions: [{ line_number: "1", object_name: "JOB.A", start_time: "06:30", calendar: "CAL.WORK", calendar_event: "WORKDAYS" }],
    });
    expect(section(schedule, "Schedule tasks")).toMatchObject({ rows: [["1", "JOB.A", "06:30", "CAL.WORK", "WORKDAYS", "Yes"]] });

    const calendar = definitionSections({
      general_attributes: { name: "C", type: "CALE" },
      events: [{ line_number: "1", name: "WORKDAYS" }],
      calendar_definitions: [{ event_line_number: "1", year: "2026", content: `0111110${"0".repeat(365)}` }],
    });
    expect(calendar.map((s) => s.title)).toEqual(["General attributes", "Calendar keywords"]);
    expect(section(calendar, "Calendar keywords")).toMatchObject({ columns: [{ label: "Line" }, { label: "Keyword" }, { label: "Days selected (per year)" }], rows: [["1", "WORKDAYS", "2026: 5"]] });

    const variable = definitionSections({ general_attributes: { name: "V", type: "VARA" }, static_values: [{ key: "K1", value1: "a", value2: "b" }, { key: "K2", value1: "c" }] });
    expect(section(variable, "Values")).toMatchObject({ columns: [{ label: "Key" }, { label: "Value 1" }, { label: "Value 2" }], rows: [["K1", "a", "b"], ["K2", "c", "—"]] });

    const prompts = definitionSections({ general_attributes: { name: "P", type: "PRPT" }, prompt_elements: [{ name: "MODE#", type: "text", default: "full", required: "1", allowed_values: ["full", "diff"] }] });
    expect(section(prompts, "Prompt elements")).toMatchObject({ rows: [["MODE#", "text", "full", "Yes", "full, diff"]] });
  });

  it("shows a member it has no reading for as fields, a table or JSON, never hides it", () => {
    const sections = definitionSections({
      general_attributes: { name: "X", type: "CONN" },
      connection_attributes: { host: "db", port: "5432" },
      bind_parameters: [{ name: "A", value: "1" }],
      nested: { deep: { deeper: 1 } },
    });
    expect(fieldMap(section(sections, "Connection attributes"))).toEqual({ Host: "db", Port: "5432" });
    expect(section(sections, "Bind parameters")).toMatchObject({ kind: "table", rows: [["A", "1"]] });
    expect(section(sections, "Nested")).toEqual({ kind: "json", title: "Nested", json: JSON.stringify({ deep: { deeper: 1 } }, null, 2) });
    // Not executable: no queue is made up for it.
    expect(fieldMap(section(sections, "General attributes"))).toEqual({});
  });
});
