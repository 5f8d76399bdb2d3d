import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

type Json = Record<string, unknown>;

interface Operation {
  pattern: RegExp;
  /** Literal characters of the template: the more, the more specific (static segments win, as in the router). */
  specificity: number;
  pointer: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

/** A JSON pointer segment (RFC 6901). */
const pointerSegment = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * Checks real answers against an OpenAPI 3.1 document: the operation must exist, the status must be
 * one it documents, and a JSON body must match the documented schema (with Ajv, draft 2020-12).
 */
export class OpenApiConformance {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly operations = new Map<string, Operation[]>();
  private readonly server: string;

  constructor(document: Json) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(document, "openapi.json");
    this.server = ((document.servers as Array<{ url: string }>)[0]?.url ?? "").replace(/\/$/, "");
    for (const [template, methods] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
      for (const [method, operation] of Object.entries(methods)) {
        const multiSegment = new Set(((operation.parameters ?? []) as Json[]).filter((p) => p["x-multi-segment"] === true).map((p) => p.name));
        const source = template.replace(/[.]/g, "\\.").replace(/\{([^}]+)\}/g, (_, name: string) => (multiSegment.has(name) ? "(.+)" : "([^/]+)"));
        const list = this.operations.get(method.toUpperCase()) ?? [];
        list.push({
          // The router ignores a trailing slash: the template `/` (the API base itself) matches with and without one.
          pattern: new RegExp(`^${source.replace(/\/$/, "")}/?$`),
          specificity: template.replace(/\{[^}]+\}/g, "").length,
          pointer: `openapi.json#/paths/${pointerSegment(template)}/${method}`,
          responses: operation.responses as Operation["responses"],
        });
        this.operations.set(method.toUpperCase(), list);
      }
    }
  }

  /**
   * The problems of one answer, empty when it conforms. `url` is the request's full URL. A HEAD is
   * the GET of the same URL without its body (the server answers HEAD wherever it answers GET).
   */
  problems(method: string, url: string, status: number, contentType: string | null, body: string): string[] {
    const path = decodeURI(new URL(url).pathname).slice(this.server.length);
    const head = method.toUpperCase() === "HEAD";
    const operation = (this.operations.get(head ? "GET" : method.toUpperCase()) ?? []).filter((o) => o.pattern.test(path)).sort((a, b) => b.specificity - a.specificity)[0];
    const where = `${method} ${path} → ${status}`;
    if (head) {
      if (body.length > 0) return [`${where}: a HEAD answer carries no body, but this one has ${body.length} bytes`];
      if (operation === undefined) return status === 404 || status === 405 ? [] : [`${where}: no operation in the document answers this request`];
      return operation.responses[String(status)] === undefined ? [`${where}: status ${status} is not documented for GET of this path`] : [];
    }
    if (operation === undefined) {
      // No such operation: the router's 404 or 405, which must be an OutError.
      if (status !== 404 && status !== 405) return [`${where}: no operation in the document answers this request`];
      return this.validate("openapi.json#/components/schemas/OutError", body, where);
    }
    const response = operation.responses[String(status)];
    if (response === undefined) return [`${where}: status ${status} is not documented for this operation`];
    const mediaTypes = Object.keys(response.content ?? {});
    if (mediaTypes.length === 0) return body.length === 0 ? [] : [`${where}: documented without a body, but answered ${body.length} bytes`];
    const mediaType = (contentType ?? "").split(";")[0]?.trim() ?? "";
    if (!mediaTypes.includes(mediaType)) return [`${where}: content type ${contentType ?? "(none)"} is not one of ${mediaTypes.join(", ")}`];
    if (mediaType !== "application/json") return [];
    const schemaPointer = `${operation.pointer}/responses/${status}/content/${pointerSegment(mediaType)}/schema`;
    return this.validate(schemaPointer, body, where);
  }

  private validate(pointer: string, body: string, where: string): string[] {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return [`${where}: the body is not JSON: ${body.slice(0, 200)}`];
    }
    const validate = this.ajv.getSchema(pointer);
    if (validate === undefined) return [`${where}: no schema at ${pointer}`];
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${where}: ${error.instancePath || "(body)"} ${error.message ?? "is invalid"} ${JSON.stringify(error.params)}`);
  }
}
