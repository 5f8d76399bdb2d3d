import { REST_PREFIX } from "../../../lib/rest-operations";
import type { Operation, Parameter } from "./openapi-document";

const PLACEHOLDER = /\{([^{}]+)\}/g;

/** "/{client_id}/executions/{run_id}" → ["client_id", "run_id"]. */
export function pathPlaceholders(path: string): string[] {
  return [...path.matchAll(PLACEHOLDER)].map((match) => match[1] ?? "");
}

function encodePathValue(value: string, multiSegment: boolean): string {
  return multiSegment ? value.split("/").map(encodeURIComponent).join("/") : encodeURIComponent(value);
}

/**
 * Puts the values into the path's placeholders, each encoded as one segment (or, for a
 * multi-segment parameter, keeping its `/`). Placeholders without a value are listed in `missing`.
 */
export function fillPathTemplate(path: string, values: Readonly<Record<string, string>>, multiSegment: ReadonlySet<string> = new Set()): { path: string; missing: string[] } {
  const missing: string[] = [];
  const filled = path.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = values[name]?.trim() ?? "";
    if (value === "") {
      missing.push(name);
      return placeholder;
    }
    return encodePathValue(value, multiSegment.has(name));
  });
  return { path: filled, missing };
}

function isArray(parameter: Parameter): boolean {
  return parameter.schema.type?.includes("array") ?? false;
}

/**
 * The query string for the query parameters that have a value. Arrays are typed comma-separated;
 * an exploded array repeats its key (`type=A&type=B`), the others send the list as typed.
 */
export function buildQuery(parameters: readonly Parameter[], values: Readonly<Record<string, string>>): string {
  const query = new URLSearchParams();
  for (const parameter of parameters) {
    if (parameter.in !== "query") continue;
    const value = values[parameter.name]?.trim() ?? "";
    if (value === "") continue;
    if (isArray(parameter) && parameter.explode) {
      for (const item of value.split(",").map((v) => v.trim()).filter((v) => v !== "")) query.append(parameter.name, item);
    } else {
      query.append(parameter.name, value);
    }
  }
  return query.toString();
}

/** The URL a "Try it" request of the operation goes to, and the path parameters still to fill in. */
export function operationUrl(operation: Operation, values: Readonly<Record<string, string>>): { url: string; missing: string[] } {
  const multiSegment = new Set(operation.parameters.filter((p) => p.in === "path" && p.multiSegment).map((p) => p.name));
  const { path, missing } = fillPathTemplate(operation.path, values, multiSegment);
  const query = buildQuery(operation.parameters, values);
  return { url: `${REST_PREFIX}${path}${query ? `?${query}` : ""}`, missing };
}
