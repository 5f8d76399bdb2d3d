import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { statusText } from "@baton/contract";
import type { Database, Statement } from "better-sqlite3";

/**
 * The columns an answer is made of. better-sqlite3 gives them as stored: times in epoch ms,
 * absent values as null.
 */
interface Row {
  run_id: number;
  name: string;
  object_type: string;
  queue: string;
  status: number;
  activation_time: number;
  start_time: number | null;
  end_time: number | null;
  user: string;
  agent: string | null;
  platform: string | null;
  parent: number | null;
  reference_run_id: number | null;
  line_number: number | null;
  return_code: number | null;
  alias: string | null;
  title: string | null;
  archive_key1: string | null;
  archive_key2: string | null;
  activator_object_type: string;
  restart_count: number;
  restart_predecessor: number | null;
  due_at: number | null;
  estimated_runtime: number | null;
  modified_at: number;
}

const COLUMNS =
  "run_id, name, object_type, queue, status, activation_time, start_time, end_time, user, agent, platform, parent, reference_run_id, line_number, " +
  "return_code, alias, title, archive_key1, archive_key2, activator_object_type, restart_count, restart_predecessor, due_at, estimated_runtime, modified_at";

const WAITING_FOR_START_TIME = 1698;
const BLOCKED = new Set([1560, 1562]);

/** The count and the page of one shape of filter (which conditions it has), prepared once. */
interface Statements {
  count: Statement<unknown[], { n: number }>;
  page: Statement<unknown[], Row>;
}

/**
 * A bare node:http server answering GET /ae/api/v1/{client}/executions the way an engineer would
 * write it by hand on better-sqlite3: the filters `name` (`*` and `?` wildcards, matched with LIKE,
 * an exact name with `=`) and `status` (one code), `max_results` (default 50). It answers
 * `{total, data, hasmore}` as the interface has it: `total` the exact count(*) of the matches,
 * `data` the page in the list's order (activation_time desc, run_id desc), read with LIMIT one
 * more than the page to learn `hasmore`. One request is two statements, prepared once per shape of
 * filter, on the indexes the engine's database has. Requests that do not carry `authorization`
 * are refused with 401.
 */
export function executionsPageServer(db: Database, authorization: string): RequestListener {
  const prepared = new Map<string, Statements>();
  const statementsFor = (conditions: readonly string[]): Statements => {
    const where = ["client = ?", ...conditions].join(" and ");
    let statements = prepared.get(where);
    if (statements === undefined) {
      statements = {
        count: db.prepare<unknown[], { n: number }>(`select count(*) as n from executions where ${where}`),
        page: db.prepare<unknown[], Row>(`select ${COLUMNS} from executions where ${where} order by activation_time desc, run_id desc limit ?`),
      };
      prepared.set(where, statements);
    }
    return statements;
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers.authorization !== authorization) {
      res.writeHead(401).end();
      return;
    }
    const url = new URL(req.url ?? "/", "http://localhost");
    const client = Number(/^\/ae\/api\/v1\/(\d+)\/executions$/.exec(url.pathname)?.[1]);
    if (!Number.isInteger(client)) {
      res.writeHead(404).end();
      return;
    }
    const conditions: string[] = [];
    const values: Array<string | number> = [client];
    const status = url.searchParams.get("status");
    if (status !== null) {
      conditions.push("status = ?");
      values.push(Number(status));
    }
    const name = url.searchParams.get("name")?.toUpperCase();
    if (name !== undefined && /[*?]/.test(name)) {
      conditions.push("name like ? escape '\\'");
      values.push(name.replace(/[\\%_]/g, "\\$&").replaceAll("*", "%").replaceAll("?", "_"));
    } else if (name !== undefined) {
      conditions.push("name = ?");
      values.push(name);
    }
    const maxResults = Number(url.searchParams.get("max_results") ?? 50);
    const { count, page } = statementsFor(conditions);
    const total = count.get(...values)?.n ?? 0;
    const rows = page.all(...values, maxResults + 1);
    const now = Date.now();
    const body = JSON.stringify({ total, data: rows.slice(0, maxResults).map((row) => present(row, now)), hasmore: rows.length > maxResults });
    res.writeHead(200, { "content-type": "application/json" }).end(body);
  };
}

/** A time as the interface writes it: UTC, whole seconds. */
function time(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** An execution as the interface answers it; JSON.stringify leaves out the fields set to undefined. */
function present(row: Row, now: number) {
  const absent = <T>(value: T | null) => value ?? undefined;
  return {
    name: row.name,
    type: row.object_type,
    queue: row.queue,
    run_id: row.run_id,
    status: row.status,
    status_text: statusText(row.status),
    runtime: row.start_time === null ? undefined : Math.max(0, Math.round(((row.end_time ?? now) - row.start_time) / 1000)),
    estimated_runtime: absent(row.estimated_runtime),
    activation_time: time(row.activation_time),
    start_time: row.start_time === null ? undefined : time(row.start_time),
    end_time: row.end_time === null ? undefined : time(row.end_time),
    agent: absent(row.agent),
    platform: absent(row.platform),
    parent: row.parent ?? 0,
    reference_run_id: row.reference_run_id,
    line_number: absent(row.line_number),
    user: row.user,
    archive_key1: absent(row.archive_key1),
    archive_key2: absent(row.archive_key2),
    title: absent(row.title),
    alias: row.alias ?? row.name,
    activator: absent(row.parent),
    activator_object_type: row.activator_object_type,
    return_code: absent(row.return_code),
    restart_count: row.restart_count,
    restart_predecessor: absent(row.restart_predecessor),
    planned_start_time: row.status === WAITING_FOR_START_TIME && row.due_at !== null ? time(row.due_at) : undefined,
    blocked_since: BLOCKED.has(row.status) ? time(row.modified_at) : undefined,
  };
}
