import { ErrorCode, type InImportObjectBody } from "@baton/contract";
import { describe, expect, it } from "vitest";
import { ValidationError } from "./errors";
import { definitionFromEnvelope, definitionFromFolderEntry, folderDefinition, joinFolder, normaliseFolderPath, relativeFolder } from "./object-definition";

const job = (overrides: Record<string, unknown> = {}) => ({
  general_attributes: { name: "nightly.backup", type: "JOBS" },
  job_attributes: { agent: "LOCAL", unix_shell: "bash" },
  scripts: [{ process: ["echo hi"] }],
  ...overrides,
});

function issuesOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.issues.map((i) => ({ code: i.code, path: i.path }));
    throw error;
  }
  throw new Error("expected a ValidationError");
}

describe("definitionFromEnvelope", () => {
  it("upper-cases the name, normalises the folder and keeps unknown members", () => {
    const definition = definitionFromEnvelope({ data: { jobs: job({ extra: { a: "1" } }) }, path: "\\Ops\\Nightly\\" });
    expect(definition).toMatchObject({ type: "JOBS", name: "NIGHTLY.BACKUP", folder: "OPS/NIGHTLY" });
    expect(definition.body["extra"]).toEqual({ a: "1" });
  });

  it("stores other types as documents", () => {
    expect(definitionFromEnvelope({ data: { vara: { general_attributes: { name: "V.X" }, anything: [1] } }, path: "" }).type).toBe("VARA");
  });

  it("accepts USER names NAME/DEPARTMENT", () => {
    expect(definitionFromEnvelope({ data: { user: { general_attributes: { name: "smith/ops" } } }, path: "" }).name).toBe("SMITH/OPS");
  });

  const refused: { name: string; envelope: InImportObjectBody; issues: { code: number; path: string }[] }[] = [
    { name: "bad name", envelope: { data: { jobs: job({ general_attributes: { name: "bad name" } }) }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT_NAME, path: "data.jobs.general_attributes.name" }] },
    { name: "too long", envelope: { data: { scri: { general_attributes: { name: "A".repeat(201) } } }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT_NAME, path: "data.scri.general_attributes.name" }] },
    { name: "no agent", envelope: { data: { jobs: job({ job_attributes: { platform: "UNIX" } }) }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "data.jobs.job_attributes.agent" }] },
    { name: "no job attributes", envelope: { data: { jobs: job({ job_attributes: undefined }) }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "data.jobs.job_attributes" }] },
    { name: "bad shell", envelope: { data: { jobs: job({ job_attributes: { agent: "LOCAL", unix_shell: "sh; rm -rf /" } }) }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "data.jobs.job_attributes.unix_shell" }] },
    { name: "lines not strings", envelope: { data: { jobs: job({ scripts: [{ process: [1] }] }) }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "data.jobs.scripts[0].process[0]" }] },
    { name: "unknown page", envelope: { data: { scri: { general_attributes: { name: "S" }, scripts: [{ pre_process: [] }] } }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "data.scri.scripts[0].pre_process" }] },
    { name: "type mismatch", envelope: { data: { jobs: job({ general_attributes: { name: "X", type: "JOBP" } }) }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "data.jobs.general_attributes.type" }] },
    { name: "two objects", envelope: { data: { jobs: job(), scri: { general_attributes: { name: "S" } } }, path: "" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "data" }] },
    { name: "traversal", envelope: { data: { jobs: job() }, path: "A/../../etc" }, issues: [{ code: ErrorCode.INVALID_OBJECT, path: "path" }] },
  ];
  it.each(refused)("refuses $name", ({ envelope, issues }) => {
    expect(issuesOf(() => definitionFromEnvelope(envelope))).toEqual(issues);
  });
});

describe("normaliseFolderPath", () => {
  it.each([
    ["", ""],
    ["\\", ""],
    ["/a/b/", "A/B"],
    ["A\\B\\\\C", "A/B/C"],
  ])("%s → %s", (path, expected) => {
    expect(normaliseFolderPath(path)).toBe(expected);
  });

  it.each(["..", "a/./b", "a\0b", "a b"])("refuses %s", (path) => {
    expect(normaliseFolderPath(path)).toBeNull();
  });
});

/** One object of `key` with `members` beside a valid name. */
function envelopeOf(key: string, members: Record<string, unknown>, name = key === "user" ? "U/D" : "X"): InImportObjectBody {
  return { data: { [key]: { general_attributes: { name }, ...members } }, path: "" };
}

describe("the limits of the spec's building blocks", () => {
  const tooLong = (n: number) => "x".repeat(n + 1);
  const refused: [string, string, Record<string, unknown>, string][] = [
    ["a user's first name over 20", "user", { user_attributes: { first_name: tooLong(20) } }, "data.user.user_attributes.first_name"],
    ["a user flag other than 0/1", "user", { user_attributes: { is_active: "2" } }, "data.user.user_attributes.is_active"],
    ["negative multi_logons", "user", { user_attributes: { multi_logons: -1 } }, "data.user.user_attributes.multi_logons"],
    ["an e-mail over 50", "user", { user_attributes: { email1: tooLong(50) } }, "data.user.user_attributes.email1"],
    ["an authorization object type over 8", "user", { authorizations: [{ filter_object_type: "JOBSJOBSX" }] }, "data.user.authorizations[0].filter_object_type"],
    ["auth_group 2", "usrg", { authorizations: [{}, { auth_group: 2 }] }, "data.usrg.authorizations[1].auth_group"],
    ["an agent group mode outside A F N L X", "hostg", { agent_group_attributes: { platform: "UNIX", mode: "Q" } }, "data.hostg.agent_group_attributes.mode"],
    ["an agent group without platform", "hostg", { agent_group_attributes: { mode: "A" } }, "data.hostg.agent_group_attributes.platform"],
    ["max_parallel over 9999", "hostg", { agent_group_attributes: { platform: "UNIX", mode: "A", max_parallel: "10000" } }, "data.hostg.agent_group_attributes.max_parallel"],
    ["max_parallel under -1", "hostg", { agent_group_attributes: { platform: "UNIX", mode: "A", max_parallel: -2 } }, "data.hostg.agent_group_attributes.max_parallel"],
    ["a filter type other than H/F", "hostg", { agent_group_filters: [{ type: "X", agent: "A" }] }, "data.hostg.agent_group_filters[0].type"],
    ["archive_key2 over 20", "hostg", { agent_group_filters: [{ type: "F", archive_key2: tooLong(20) }] }, "data.hostg.agent_group_filters[0].archive_key2"],
    ["an agent authorization client over 9999", "hostg", { agent_authorizations: [{ client: 10000 }] }, "data.hostg.agent_authorizations[0].client"],
    ["a client allocation without client", "hsta", { authorizations: [{ use: 1 }] }, "data.hsta.authorizations[0].client"],
    ["a tcpip_address over 64", "hsta", { agent_authorization_filters: [{ tcpip_address: tooLong(64) }] }, "data.hsta.agent_authorization_filters[0].tcpip_address"],
    ["calendar content over 372", "cale", { calendar_definitions: [{ event_line_number: 1, year: 2026, content: "1".repeat(373) }] }, "data.cale.calendar_definitions[0].content"],
    ["calendar content other than 0, 1, blank", "cale", { calendar_definitions: [{ event_line_number: 1, year: 2026, content: "012" }] }, "data.cale.calendar_definitions[0].content"],
    ["an event line number 0", "cale", { calendar_definitions: [{ event_line_number: "0", year: 2026, content: "1" }] }, "data.cale.calendar_definitions[0].event_line_number"],
    ["a collision operator outside + - S", "cale", { collision_definitions: [{ event_line_number: 1, name: "N", event: "E", operator: "*" }] }, "data.cale.collision_definitions[0].operator"],
    ["a sync check operator ==", "sync", { action_definitions: [{ action: "GO", check_operator: "==" }] }, "data.sync.action_definitions[0].check_operator"],
    ["a sync action over 30", "sync", { action_definitions: [{ action: tooLong(30) }] }, "data.sync.action_definitions[0].action"],
    ["a condition type outside C A E F", "jobp", { conditions: [{ type: "Z" }] }, "data.jobp.conditions[0].type"],
    ["an execution_time 4", "jobp", { condition_parameters: [{ workflow_line_number: 1, execution_time: 4, condition_line_number: 1, condition_variable_name: "V", prompt_set_variable: "P" }] }, "data.jobp.condition_parameters[0].execution_time"],
    ["a calendar condition without calendar", "jobp", { calendar_conditions: [{ workflow_line_number: 1, calendar_event: "E" }] }, "data.jobp.calendar_conditions[0].calendar"],
    ["a custom attribute name over 32", "jobs", { job_attributes: { agent: "LOCAL" }, custom_attributes: [{ name: tooLong(32), value: "v" }] }, "data.jobs.custom_attributes[0].name"],
    ["a pre_process page in a notification", "call", { notification_content: { message: "m" }, scripts: [{ pre_process: [] }] }, "data.call.scripts[0].pre_process"],
    ["a code table that is not Base64", "code", { code_table: { content: "not base64!" } }, "data.code.code_table.content"],
    ["a connection platform over 8", "conn", { connection_attributes: { platform: tooLong(8) } }, "data.conn.connection_attributes.platform"],
    ["a folder description over 255", "fold", { general_attributes: { name: "F", description: tooLong(255) } }, "data.fold.general_attributes.description"],
    ["documentation that is no list of lines", "docu", { documentation: { text: [1] } }, "data.docu.documentation"],
    ["a period calendar without event", "period", { calendars: [{ calendar: "C" }] }, "data.period.calendars[0].calendar_event"],
    ["an element line number 0", "prpt", { elements: [{ name: "E", line_number: 0 }] }, "data.prpt.elements[0].line_number"],
    ["a queue with negative slots", "queue", { queue_attributes: { max_slots: "-1" } }, "data.queue.queue_attributes.max_slots"],
  ];
  it.each(refused)("refuses %s at its full path", (_, key, members, path) => {
    expect(issuesOf(() => definitionFromEnvelope(envelopeOf(key, members)))).toContainEqual({ code: ErrorCode.INVALID_OBJECT, path });
  });

  it("accepts numbers and flags as strings, numbers or booleans, and nulls for empty text", () => {
    const group = { agent_group_attributes: { platform: "UNIX", mode: "X", max_parallel: "-1", enforce_on_inactive: true, ra_solution: null }, agent_group_filters: [{ type: "H", agent: "LOCAL" }], agent_authorizations: [{ client: "100", read: "1", write: 0 }] };
    expect(definitionFromEnvelope(envelopeOf("hostg", group)).body).toMatchObject(group);
    const user = { user_attributes: { is_active: 1, is_locked: "0", multi_logons: "0", first_name: null, privilege: "3" }, authorizations: [{ bitcode: "63", auth_group: "1" }] };
    expect(definitionFromEnvelope(envelopeOf("user", user)).body).toMatchObject(user);
  });
});

describe("folder entries and paths", () => {
  it("reads an entry's path relative to the imported folder", () => {
    const entry = { key: "jobs" as const, body: job(), path: "sub\\deeper" };
    expect(definitionFromFolderEntry(entry, "TARGET", 3).definition).toMatchObject({ name: "NIGHTLY.BACKUP", folder: "TARGET/SUB/DEEPER" });
    expect(definitionFromFolderEntry({ ...entry, path: "" }, "", 0).definition?.folder).toBe("");
  });

  it("reports an entry's issues at data[index]", () => {
    const read = definitionFromFolderEntry({ key: "jobs", body: job({ job_attributes: {} }), path: "../x" }, "", 7);
    expect(read.issues.map((i) => i.path).sort()).toEqual(["data[7].jobs.job_attributes.agent", "data[7].path"]);
  });

  it.each([
    ["", "A/B", "A/B"],
    ["A", "A", ""],
    ["A", "A/B/C", "B/C"],
  ])("relativeFolder(%s, %s) = %s, joinFolder gives it back", (base, folder, relative) => {
    expect(relativeFolder(base, folder)).toBe(relative);
    expect(joinFolder(base, relative)).toBe(folder);
  });

  it("names a folder by its last segment, in its parent", () => {
    expect(folderDefinition("OPS/NIGHTLY", { general_attributes: { name: "x", description: "d" }, kept: 1 })).toEqual({
      type: "FOLD",
      name: "NIGHTLY",
      folder: "OPS",
      body: { general_attributes: { name: "NIGHTLY", type: "FOLD", description: "d" }, kept: 1 },
    });
  });
});
