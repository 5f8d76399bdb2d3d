import type { ObjectTypeKey } from "@baton/contract";

/** A member no type knows, which every import must keep as sent. */
export const UNKNOWN_MEMBER = { x_unknown: { kept: ["1", 2, true, null, { nested: "é€𝄞" }] } };

/** Members beyond general_attributes of a small valid body of each object type. */
const MEMBERS: Readonly<Record<ObjectTypeKey, Record<string, unknown>>> = {
  fold: { general_attributes: { description: "a folder" } },
  cale: {
    events: [{ line_number: "1", name: "WORKDAYS" }],
    calendar_definitions: [{ event_line_number: "1", year: "2026", content: "0111110" }],
    collision_definitions: [{ event_line_number: 1, name: "SHIFT", event: "WORKDAYS", operator: "+", offset: "1" }],
  },
  call: { notification_content: { subject: "Hi", message: "Hello &WHO#" }, notification_attributes: { priority: "LOW", ack_required: "0" }, scripts: [{ process: [":PRINT 1"] }] },
  code: { code_table: { content: "QUJD" } },
  conn: { connection_attributes: { platform: "DB", job_type: "SQL", sub_type: "PG" }, extended_values: [{ name: "HOST", value: "db" }] },
  dash: { documentation: { DASH: ["e30="] } },
  docu: { documentation: { docu: ["line one", "line two"] } },
  evnt: { event_attributes: { event_type: "TIME", interval_seconds: "60" }, scripts: [{ pre_process: [':SET &EVENT# = "FIRE"'] }, { process: [":PRINT 1"] }] },
  filter: { filter_attributes: { object_type: "JOBS" } },
  hostg: { agent_group_attributes: { platform: "UNIX", mode: "F", max_parallel: "-1" }, agent_group_filters: [{ type: "H", agent: "LOCAL" }], agent_authorizations: [{ client: 100, read: 1 }] },
  hsta: { agent_authorizations: [{ client: "100", execute: "1" }], agent_authorization_filters: [{ host: "LOCAL", is_excluded: 0 }], authorizations: [{ client: 100, use: 1 }] },
  jobf: { file_transfer_attributes: { source_agent: "LOCAL", source_path: "/tmp/a", destination_agent: "LOCAL", destination_path: "/tmp/b" } },
  jobg: { job_group_attributes: { max_parallel: "1" } },
  jobi: { scripts: [{ process: [":PRINT 1"] }] },
  jobp: {
    workflow_attributes: {},
    workflow_definitions: [
      { line_number: "1", object_name: "START", object_type: "<START>" },
      { line_number: "2", object_name: "END", object_type: "<END>", predecessors: "1" },
    ],
    line_conditions: [{ workflow_line_number: "2", line_number: "1", predecessor_line_number: "1" }],
    conditions: [{ workflow_line_number: 2, execution_time: "1", type: "C", active: "1" }],
  },
  jobq: { remote_task_manager_attributes: { platform: "SAP" } },
  jobs: { job_attributes: { platform: "UNIX", agent: "LOCAL", unix_shell: "sh" }, scripts: [{ pre_process: [":SET &X# = 1"] }, { process: ["echo &X#"] }], object_variables: [{ name: "&X#", value: "0" }] },
  jsch: { schedule_attributes: { timezone: "Europe/Vienna" }, schedule_definitions: [{ line_number: "1", object_name: "NOTHING", start_time: "06:00" }] },
  link: { link_attributes: { object_name: "RT.JOBS", object_type: "JOBS" } },
  login: { login_definitions: [{ agent: "*", user: "batch" }] },
  period: { period_attributes: { interval: "1" }, calendars: [{ calendar: "RT.CALE", calendar_event: "WORKDAYS" }] },
  prpt: { prompt_elements: [{ name: "DAYS#", type: "number", default: "7" }] },
  queue: { queue_attributes: { max_slots: "2" } },
  scri: { scripts: [{ process: [':PRINT "x"'] }] },
  slo: { beneficiaries: [{ custom_attribute_name: "TEAM", custom_attribute_value: "OPS" }] },
  store: { extended_content: [{ name: "FILE", value: "x" }] },
  sync: { action_definitions: [{ action: "GO", check_operator: "<>", check_value: "1", set_operator: "" }] },
  tz: { time_zone_attributes: { iana_name: "Europe/Vienna" }, timezone_attributes: [{ name: "CET" }] },
  user: { user_attributes: { first_name: "Round", last_name: "Trip", is_active: "1", is_locked: 0, multi_logons: "0" }, authorizations: [{ filter_object_type: "*", filter_object_name: "*", bitcode: 1, auth_group: 1 }] },
  usrg: { members: [{ name: "RT.USER/OPS" }], privileges: ["SEARCH"] },
  vara: { variable_definitions: { type: "STATIC", data_type: "C" }, static_values: [{ key: "K", value1: "v" }] },
  xsl: { xsl_content: ["<xsl:stylesheet/>"] },
};

/** The name of the sample object of a type (USER objects are NAME/DEPARTMENT). */
export function sampleName(key: ObjectTypeKey, prefix = "RT"): string {
  return key === "user" ? `${prefix}.USER/OPS` : `${prefix}.${key.toUpperCase()}`;
}

/** A small valid body of an object type, with general_attributes as the engine exports them and an unknown member. */
export function sampleBody(key: ObjectTypeKey, prefix = "RT"): Record<string, unknown> {
  const { general_attributes: extra, ...members } = MEMBERS[key];
  return {
    metadata: { version: "21.0.0" },
    general_attributes: { name: sampleName(key, prefix), type: key.toUpperCase(), ...(typeof extra === "object" ? extra : {}) },
    ...members,
    ...UNKNOWN_MEMBER,
  };
}
