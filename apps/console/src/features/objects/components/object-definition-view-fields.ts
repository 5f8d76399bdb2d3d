import { isRecord } from "@baton/contract";
import { formatDuration } from "../../../lib/format";

/**
 * The parts an object's definition is read as: labelled fields, tables, script pages, and the
 * readings of members this screen knows nothing about. Pure.
 */

/** One label and its value as text; `object` names an object the value opens. */
export interface DefinitionField {
  label: string;
  value: string;
  object?: string;
}

export interface DefinitionColumn {
  label: string;
  /** The cells of this column name objects: they open them. */
  objects?: boolean;
}

export type DefinitionSection =
  | { kind: "fields"; title: string; fields: DefinitionField[] }
  | { kind: "table"; title: string; columns: DefinitionColumn[]; rows: string[][] }
  | { kind: "script"; title: string; text: string }
  /** A member this screen has no reading for, shown as the JSON it is. */
  | { kind: "json"; title: string; json: string };

/** How a value is written: as it is, a flag as Yes/No, seconds as a duration. */
export type ValueFormat = "text" | "flag" | "seconds";

/** A member of an object, known by this screen: where it is, what it is called, how it reads. */
export interface FieldSpec {
  key: string;
  label: string;
  format?: ValueFormat;
  /** The value names an object (unless it is one of NOT_OBJECTS): it opens it. */
  object?: boolean;
  /** What an absent value reads as ("—", a default): the member is shown even then, as an operator looks for it. */
  absent?: string;
}

/** Names that are not objects although the member usually holds one (the built-in client queue). */
const NOT_OBJECTS = new Set(["CLIENT_QUEUE", ""]);

/** `job_attributes` → "Job attributes", `max_slots` → "Max slots". */
export function humanize(key: string): string {
  const words = key.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

function isScalar(value: unknown): boolean {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

/** A value as the screen writes it; "—" for nothing, nested values as compact JSON. */
export function valueText(value: unknown, format: ValueFormat = "text"): string {
  if (isMissing(value)) return "—";
  if (Array.isArray(value) && value.every(isScalar)) return value.length === 0 ? "—" : value.map((v) => valueText(v)).join(", ");
  if (format === "flag") {
    const on = value === true || value === 1 || value === "1" || (typeof value === "string" && ["Y", "YES", "TRUE"].includes(value.toUpperCase()));
    return on ? "Yes" : "No";
  }
  if (format === "seconds") {
    const seconds = Number(value);
    if (Number.isFinite(seconds)) return seconds === 0 ? "none (0)" : `${formatDuration(seconds)} (${seconds} s)`;
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** The known members first in their order (absent ones only when they say how absence reads), then every other one under its own name. */
export function fieldsOf(record: Record<string, unknown>, specs: readonly FieldSpec[], skip: readonly string[] = []): DefinitionField[] {
  const known = new Set([...specs.map((s) => s.key), ...skip]);
  const fields = specs.flatMap((spec): DefinitionField[] => {
    const value = record[spec.key];
    const missing = isMissing(value);
    if (missing && spec.absent === undefined) return [];
    const text = missing ? (spec.absent ?? "—") : valueText(value, spec.format);
    const object = spec.object && typeof value === "string" && !NOT_OBJECTS.has(value) ? value : undefined;
    return [{ label: spec.label, value: text, ...(object === undefined ? {} : { object }) }];
  });
  const others = Object.entries(record)
    .filter(([key]) => !known.has(key))
    .map(([key, value]): DefinitionField => ({ label: humanize(key), value: valueText(value) }));
  return [...fields, ...others];
}

/** Rows as table cells: the known columns in their order, then every other key any row has. */
export function tableOf(title: string, rows: readonly unknown[], specs: readonly FieldSpec[]): DefinitionSection {
  const records = rows.map((row) => (isRecord(row) ? row : { value: row }));
  const known = new Set(specs.map((s) => s.key));
  const extra = [...new Set(records.flatMap((r) => Object.keys(r)))].filter((key) => !known.has(key));
  const present = specs.filter((spec) => spec.absent !== undefined || records.some((r) => !isMissing(r[spec.key])));
  const columns: FieldSpec[] = [...present, ...extra.map((key) => ({ key, label: humanize(key) }))];
  return {
    kind: "table",
    title,
    columns: columns.map((c) => ({ label: c.label, ...(c.object ? { objects: true } : {}) })),
    rows: records.map((r) => columns.map((c) => (isMissing(r[c.key]) && c.absent !== undefined ? c.absent : valueText(r[c.key], c.format)))),
  };
}

/** Any member: an object of plain values as fields, a list of plain records as a table, else its JSON. */
export function genericSection(title: string, value: unknown): DefinitionSection {
  if (isRecord(value) && Object.values(value).every(isScalar)) return { kind: "fields", title, fields: fieldsOf(value, []) };
  if (Array.isArray(value) && value.length > 0 && value.every((row) => isRecord(row) && Object.values(row).every(isScalar))) return tableOf(title, value, []);
  if (isScalar(value) || (Array.isArray(value) && value.every(isScalar))) return { kind: "fields", title, fields: [{ label: title, value: valueText(value) }] };
  return { kind: "json", title, json: JSON.stringify(value, null, 2) };
}

