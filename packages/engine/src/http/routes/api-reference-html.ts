import { createHash } from "node:crypto";
import { array, record, type Json } from "./openapi-json";

/** Where the page links to the machine-readable forms of the reference. */
export interface ReferenceLinks {
  openapi: string;
  swaggerJson: string;
  swaggerYaml: string;
}

const STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 2rem;color:#1b1f24;background:#fff}
h1{margin-bottom:.2rem}h2{border-bottom:2px solid #d0d7de;padding-bottom:.2rem;margin-top:2.5rem}
h3{margin:1.6rem 0 .4rem;font-size:1.05rem}code{font:13px ui-monospace,monospace}
.method{display:inline-block;min-width:4.5rem;font-weight:700}.get{color:#0a6b2d}.post{color:#0550ae}.delete{color:#a40e26}.put,.patch{color:#8a4600}
table{border-collapse:collapse;margin:.3rem 0 .8rem;width:100%}th,td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}.note{color:#57606a}nav ul{columns:3}
`;

/**
 * The `Content-Security-Policy` of the page: nothing may load or run, only its own inline style
 * (by hash), so the page works offline and behind strict proxies alike.
 */
export const API_REFERENCE_CSP = `default-src 'none'; style-src 'sha256-${createHash("sha256").update(STYLE).digest("base64")}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/**
 * The API reference as one self-contained HTML page, rendered from the OpenAPI 3.1 document: every
 * operation (method, path, summary, login, parameters, body, answers) grouped by tag, and every
 * named shape with its members. Every text of the document is escaped.
 */
export function apiReferenceHtml(document: Json, links: ReferenceLinks): string {
  const info = record(document.info);
  const base = record(array(document.servers)[0]).url;
  const operations = operationsOf(document);
  const tags = [...new Set(operations.map((operation) => operation.tag))].sort();
  const schemas = record(record(document.components).schemas);
  const title = `${text(info.title)} ${text(info.version)}`;
  return [
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escape(title)} – API reference</title><style>${STYLE}</style></head><body>`,
    `<h1>${escape(title)}</h1>`,
    `<p>${escape(text(info.description))}</p>`,
    `<p>Base URL: <code>${escape(text(base))}</code>. ${operations.length} operations. Machine-readable: `,
    `<a href="${escape(links.openapi)}">OpenAPI 3.1 (JSON)</a>, <a href="${escape(links.swaggerJson)}">Swagger 2.0 (JSON)</a>, <a href="${escape(links.swaggerYaml)}">Swagger 2.0 (YAML)</a>.</p>`,
    `<nav><h2>Contents</h2><ul>`,
    ...tags.map((tag) => `<li><a href="#tag-${escape(tag)}">${escape(tag)}</a> (${operations.filter((o) => o.tag === tag).length})</li>`),
    `<li><a href="#shapes">Shapes</a> (${Object.keys(schemas).length})</li></ul></nav>`,
    ...tags.flatMap((tag) => [`<h2 id="tag-${escape(tag)}">${escape(tag)}</h2>`, ...operations.filter((o) => o.tag === tag).map(operationHtml)]),
    `<h2 id="shapes">Shapes</h2>`,
    ...Object.entries(schemas).map(([name, schema]) => shapeHtml(name, record(schema))),
    `</body></html>\n`,
  ].join("\n");
}

interface Operation {
  method: string;
  path: string;
  tag: string;
  operation: Json;
}

function operationsOf(document: Json): Operation[] {
  return Object.entries(record(document.paths)).flatMap(([path, methods]) =>
    Object.entries(record(methods)).map(([method, value]) => {
      const operation = record(value);
      return { method, path, tag: text(array(operation.tags)[0]) || "other", operation };
    }),
  );
}

function operationHtml({ method, path, operation }: Operation): string {
  const id = text(operation.operationId);
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  const parameters = array(operation.parameters).map(record);
  const body = record(operation.requestBody);
  const responses = Object.entries(record(operation.responses));
  return [
    `<section id="${escape(id)}"><h3><span class="method ${escape(method)}">${escape(method.toUpperCase())}</span> <code>${escape(path)}</code></h3>`,
    `<p>${escape(text(operation.summary))}${isPublic ? ' <span class="note">(no login needed)</span>' : ""} <span class="note">operationId <code>${escape(id)}</code></span></p>`,
    parameters.length === 0
      ? ""
      : table(
          ["Parameter", "In", "Type", "Required", "Description"],
          parameters.map((p) => [`<code>${escape(text(p.name))}</code>`, escape(text(p.in)), typeHtml(record(p.schema)), p.required === true ? "yes" : "no", escape(text(p.description))]),
        ),
    Object.keys(record(body.content)).length === 0
      ? ""
      : `<p>Body: ${Object.entries(record(body.content)).map(([type, media]) => `<code>${escape(type)}</code>${record(media).schema ? ` ${typeHtml(record(record(media).schema))}` : ""}`).join("; ")}</p>`,
    table(
      ["Status", "Answer", "Body"],
      responses.map(([status, value]) => {
        const response = record(value);
        const content = Object.entries(record(response.content)).map(([type, media]) => `<code>${escape(type)}</code>${record(media).schema ? ` ${typeHtml(record(record(media).schema))}` : ""}`);
        return [escape(status), escape(text(response.description)), content.join("; ")];
      }),
    ),
    `</section>`,
  ].join("\n");
}

function shapeHtml(name: string, schema: Json): string {
  const properties = Object.entries(record(schema.properties));
  const required = new Set(array(schema.required).map(text));
  const description = text(schema.description);
  return [
    `<section id="schema-${escape(name)}"><h3><code>${escape(name)}</code></h3>`,
    description === "" ? "" : `<p>${escape(description)}</p>`,
    properties.length === 0
      ? `<p>${typeHtml(schema)}</p>`
      : table(
          ["Member", "Type", "Required", "Description"],
          properties.map(([member, value]) => [`<code>${escape(member)}</code>`, typeHtml(record(value)), required.has(member) ? "yes" : "no", escape(text(record(value).description))]),
        ),
    `</section>`,
  ].join("\n");
}

/** A short reading of a schema: a link to a named shape, `array of …`, `one of …`, `… or …`, or its type. */
function typeHtml(schema: Json): string {
  const ref = text(schema.$ref);
  if (ref.startsWith("#/components/schemas/")) {
    const name = ref.slice("#/components/schemas/".length);
    return `<a href="#schema-${escape(name)}">${escape(name)}</a>`;
  }
  const alternatives = array(schema.anyOf ?? schema.oneOf).map(record);
  if (alternatives.length > 0) return alternatives.map(typeHtml).join(" or ");
  if (schema.const !== undefined) return `<code>${escape(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((value) => `<code>${escape(JSON.stringify(value))}</code>`).join(", ")}`;
  const type = Array.isArray(schema.type) ? schema.type.map(text).join(" or ") : text(schema.type);
  if (type === "array") return `array of ${typeHtml(record(schema.items))}`;
  if (type === "object" && schema.additionalProperties !== undefined && typeof schema.additionalProperties === "object") return `map of ${typeHtml(record(schema.additionalProperties))}`;
  const format = text(schema.format);
  return escape(type === "" ? "any" : format === "" ? type : `${type} (${format})`);
}

function table(headings: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const head = `<tr>${headings.map((heading) => `<th>${escape(heading)}</th>`).join("")}</tr>`;
  return `<table>${head}${rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join("")}</tr>`).join("")}</table>`;
}

/** Escapes text for HTML content and quoted attribute values. */
function escape(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}
