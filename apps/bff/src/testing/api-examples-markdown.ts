import type { OperationExample, OperationExamples } from "@baton/contract";
import { z } from "zod";

/** The part of the OpenAPI document the page needs: each operation's area and summary. */
const DocumentOperations = z.object({
  servers: z.array(z.object({ url: z.string() })),
  tags: z.array(z.object({ name: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.object({ summary: z.string(), tags: z.array(z.string()) }))),
});

const INTRODUCTION = `# REST interface: examples

A request and its answer for every operation of the REST interface, and an error answer where the
operation has one, grouped by area. They are not written by hand: \`pnpm api-examples\` starts a fresh
Baton (SQLite, the embedded agent), walks every operation with the tour of
\`apps/bff/src/testing/api-tour.ts\` and writes this page and
\`packages/contract/src/openapi/examples.json\`, which the OpenAPI document (\`GET /ae/api/v1/openapi.json\`)
carries as the \`examples\` of its request bodies and answers. \`apps/bff/src/api-tour.test.ts\` checks
that every operation has its examples, that they match the document, and that they still match what
the running system answers.

So that the page reads the same after every run, values of the run are replaced: times of the run by
\`2026-01-05T08:00:00Z\`, runtimes by 1, commit ids, tokens, keys, instance ids, the host and temporary
paths by stand-ins. Arrays are shortened to their first three items, which the example says. Every
request of a client logs in with HTTP Basic as \`ADMIN/ADMIN\` unless the example names another login.
`;

/** Where docs/api.md shows one example per area; `pnpm api-examples` rewrites what lies between. */
export const AREA_EXAMPLES_START = "<!-- area examples: written by pnpm api-examples -->";
export const AREA_EXAMPLES_END = "<!-- end of area examples -->";

interface Area {
  name: string;
  operations: Array<{ key: string; summary: string }>;
}

/** The areas (tags) of `document` in its order, each with its operations as `METHOD /path`. */
function areasOf(document: unknown): { base: string; areas: Area[] } {
  const { servers, tags, paths } = DocumentOperations.parse(document);
  const areas = tags.map(({ name }) => ({
    name,
    operations: Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.tags.includes(name))
        .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, summary: operation.summary })),
    ),
  }));
  return { base: servers[0]?.url ?? "", areas };
}

/** docs/api.md with its area examples (between the two markers) replaced by one success example per area. */
export function withAreaExamples(apiMarkdown: string, document: unknown, examples: OperationExamples): string {
  const start = apiMarkdown.indexOf(AREA_EXAMPLES_START);
  const end = apiMarkdown.indexOf(AREA_EXAMPLES_END);
  if (start < 0 || end < start) throw new Error(`docs/api.md has no "${AREA_EXAMPLES_START}" ... "${AREA_EXAMPLES_END}" section`);
  const { base, areas } = areasOf(document);
  const blocks = areas.flatMap(({ name, operations }) => {
    const first = operations.find(({ key }) => examples[key] !== undefined);
    const recorded = first && examples[first.key];
    return first && recorded ? [`### ${name}: \`${first.key}\`\n\n${exampleMarkdown("Request", recorded.success, base)}`] : [];
  });
  return `${apiMarkdown.slice(0, start + AREA_EXAMPLES_START.length)}\n\n${blocks.join("\n\n")}\n\n${apiMarkdown.slice(end)}`;
}

/** docs/api-examples.md: per area of `document`, each operation with its success and error example. */
export function examplesMarkdown(document: unknown, examples: OperationExamples): string {
  const { base, areas } = areasOf(document);
  const sections = areas.map(({ name, operations }) => {
    const blocks = operations.map(({ key, summary }) => {
      const recorded = examples[key];
      const shown = recorded === undefined ? ["No example yet."] : [exampleMarkdown("Request", recorded.success, base), ...(recorded.error ? [exampleMarkdown("Error", recorded.error, base)] : [])];
      return [`### \`${key}\``, `${summary.replace(/\.$/, "")}.`, ...shown].join("\n\n");
    });
    return [`## ${name}`, ...blocks].join("\n\n");
  });
  return `${INTRODUCTION}\n${sections.join("\n\n")}\n`;
}

function exampleMarkdown(kind: string, example: OperationExample, base: string): string {
  const headers = [
    ...(example.anonymous ? [] : [`Authorization: Basic ${example.user ?? "ADMIN/ADMIN"}:…`]),
    ...(example.requestType ? [`Content-Type: ${example.requestType}`] : []),
    ...Object.entries(example.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ];
  const body = example.request === undefined ? [] : ["", typeof example.request === "string" ? example.request : pretty(example.request)];
  const request = ["```http", `${example.method} ${base}${example.path}`, ...headers, ...body, "```"].join("\n");
  const answer = example.response === undefined ? "" : `\n\n${fenced(example.response, example.responseType)}`;
  const note = example.note === undefined ? "" : `\n\n_${example.note}_`;
  return `**${kind}:** ${example.summary}\n\n${request}\n\n→ \`${example.status}\`${example.responseType ? ` \`${example.responseType}\`` : ""}${answer}${note}`;
}

function fenced(value: unknown, type: string | undefined): string {
  if (typeof value === "string" && type?.startsWith("text/")) return ["```text", value.trimEnd(), "```"].join("\n");
  return ["```json", pretty(value), "```"].join("\n");
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
