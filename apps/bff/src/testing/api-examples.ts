import { createHash } from "node:crypto";
import { isRecord, type OperationExample, type OperationExamples } from "@baton/contract";
import type { TourResult } from "./api-tour";
import type { Exchange } from "./api-tour/tour";

/** What the examples show for every time of the run (times the tour chose itself, years ahead, stay). */
const SHOWN_TIME = "2026-01-05T08:00:00.000Z";
const SHOWN_MS = Date.parse(SHOWN_TIME);
/** Times within this distance of the run are times of the run. */
const RUN_WINDOW_MS = 7 * 86_400_000;
/** Arrays longer than this are shortened in the examples. */
export const MAX_ITEMS = 3;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
const COMMIT = /\b[0-9a-f]{40}\b/g;

/** Members whose values differ on every run, and what the examples show instead. */
const SHOWN_MEMBERS: Readonly<Record<string, unknown>> = {
  token: "EXAMPLE-engine-token-0000000000000000000000",
  key: "EXAMPLE-agent-key-000000000000000",
  hardware: "x64, 4 CPUs, 16 GiB",
  software: "Linux 6.1, Node.js v20.19.0",
  month: "2026-01",
};
/** Members holding runtimes in seconds, which vary with the machine: shown as 1. */
const RUNTIME_MEMBERS = new Set(["runtime", "estimated_runtime", "ert", "rrt", "estimated_erts"]);

/** Answers too large for an example, and the part of them the examples show. */
const ABRIDGED: Readonly<Record<string, (answer: unknown) => unknown>> = {
  "GET /openapi.json": (document) => (isRecord(document) ? { openapi: document["openapi"], info: document["info"] } : document),
  "GET /openapi2/swagger.json": (document) => (isRecord(document) ? { swagger: document["swagger"], info: document["info"], basePath: document["basePath"] } : document),
  "GET /": referencePageHead,
  "GET /openapi2/index.html": referencePageHead,
  "GET /{client_id}/system/metrics/prometheus": (text) => (typeof text === "string" ? prometheusFamilies(text, ["baton_executions_started_total", "baton_executions_ended_total"]) : text),
};

/**
 * The examples of a tour: per operation its first successful exchange and its first error answer,
 * with the values of the run (times, runtimes, commit ids, ports, temporary paths, tokens) replaced
 * so that every run of the tour gives the same examples, and long arrays shortened.
 */
export function examplesOf(result: TourResult): OperationExamples {
  const normaliser = new Normaliser(result.replacements);
  const first = { success: new Map<string, OperationExample>(), error: new Map<string, OperationExample>() };
  for (const exchange of result.exchanges) {
    const shown = normaliser.example(exchange);
    const found = exchange.status < 400 ? first.success : first.error;
    if (!found.has(exchange.operation)) found.set(exchange.operation, shown);
  }
  const examples: OperationExamples = {};
  for (const [operation, success] of first.success) {
    const error = first.error.get(operation);
    examples[operation] = { success, ...(error && { error }) };
  }
  return examples;
}

/** Replaces the values of one run by those the examples show, the same commit id by the same stand-in throughout. */
class Normaliser {
  private readonly commits = new Map<string, string>();

  constructor(private readonly replacements: ReadonlyArray<readonly [string, string]>) {}

  example(exchange: Exchange): OperationExample {
    const request = exchange.request && (exchange.request.type === "application/json" ? this.value(JSON.parse(exchange.request.text)) : this.text(exchange.request.text));
    const { value: response, shortened } = shorten(this.answer(exchange));
    return {
      summary: exchange.title,
      method: exchange.method,
      path: this.text(exchange.path),
      ...(exchange.user && { user: exchange.user }),
      ...(exchange.anonymous && { anonymous: true }),
      ...(exchange.headers && { headers: exchange.headers }),
      ...(exchange.request && { requestType: exchange.request.type, request }),
      status: exchange.status,
      ...(exchange.response.type && { responseType: exchange.response.type.split(";")[0] }),
      ...(response !== undefined && { response }),
      ...(shortened > 0 && { note: `Arrays are shortened to their first ${MAX_ITEMS} items (${shortened} left out).` }),
    };
  }

  private answer(exchange: Exchange): unknown {
    const { text, type } = exchange.response;
    if (text === "") return undefined;
    const abridge = ABRIDGED[exchange.operation] ?? ((answer: unknown) => answer);
    if (type?.startsWith("text/")) return this.text(String(abridge(text)));
    return this.value(abridge(JSON.parse(text)));
  }

  /** A JSON value with the run's values replaced, looking at member names where the value alone does not tell. */
  private value(value: unknown, member = ""): unknown {
    if (member in SHOWN_MEMBERS && typeof value === "string" && value !== "") return SHOWN_MEMBERS[member];
    if (RUNTIME_MEMBERS.has(member)) return replaceNumbers(value, 1);
    if (Array.isArray(value)) return value.map((item) => this.value(item));
    if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.text(key), this.value(item, key)]));
    if (typeof value === "number" && Math.abs(value - Date.now()) < RUN_WINDOW_MS) return SHOWN_MS;
    if (typeof value !== "string") return value;
    if (ISO_TIME.test(value) && Math.abs(Date.parse(value) - Date.now()) < RUN_WINDOW_MS) return value.includes(".") ? SHOWN_TIME : SHOWN_TIME.replace(".000", "");
    return this.text(value);
  }

  /** A string with this run's ports, paths, names, instance ids and commit ids replaced. */
  text(text: string): string {
    let shown = text;
    for (const [actual, replacement] of this.replacements) shown = shown.split(actual).join(replacement);
    shown = shown.replace(UUID, "00000000-0000-4000-8000-000000000000");
    return shown.replace(COMMIT, (commit) => {
      let standIn = this.commits.get(commit);
      if (standIn === undefined) {
        standIn = createHash("sha1").update(`example commit ${this.commits.size + 1}`).digest("hex");
        this.commits.set(commit, standIn);
      }
      return standIn;
    });
  }
}

/** `value` with every array cut to MAX_ITEMS, and how many items were left out. */
function shorten(value: unknown): { value: unknown; shortened: number } {
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map(shorten);
    return { value: items.map((item) => item.value), shortened: value.length - items.length + items.reduce((sum, item) => sum + item.shortened, 0) };
  }
  if (!isRecord(value)) return { value, shortened: 0 };
  const members = Object.entries(value).map(([key, item]) => [key, shorten(item)] as const);
  return { value: Object.fromEntries(members.map(([key, item]) => [key, item.value])), shortened: members.reduce((sum, [, item]) => sum + item.shortened, 0) };
}

function replaceNumbers(value: unknown, shown: number): unknown {
  if (typeof value === "number") return shown;
  if (Array.isArray(value)) return value.map((item) => replaceNumbers(item, shown));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceNumbers(item, shown)]));
  return value;
}

/** The API reference page up to its table of contents: its title, description and links. */
function referencePageHead(page: unknown): unknown {
  return typeof page === "string" && page.includes("<nav>") ? `${page.slice(0, page.indexOf("<nav>"))}…\n` : page;
}

/** The lines of the named metric families in a Prometheus text answer. */
function prometheusFamilies(text: string, families: readonly string[]): string {
  const wanted = (line: string) => families.some((family) => line.startsWith(family) || line.startsWith(`# HELP ${family} `) || line.startsWith(`# TYPE ${family} `));
  return `${text.split("\n").filter(wanted).join("\n")}\n`;
}

