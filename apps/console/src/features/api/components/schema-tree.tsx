import { useState } from "react";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import ChevronRight from "@mui/icons-material/ChevronRight";
import ExpandMore from "@mui/icons-material/ExpandMore";
import type { Schema } from "../api/openapi-document";
import { resolveSchema, schemaRefName } from "../api/schema-ref";
import { monospace } from "../../../lib/theme";
import { childrenOf, innerSchema, type SchemaChild } from "./schema-children";
import { constraintsOf, summarizeSchema } from "./schema-summary";
import { TypeSummaryView } from "./type-summary-view";

/** Enum lists longer than this show their first values and how many more there are. */
const ENUM_SHOWN = 24;

const code = { fontFamily: monospace, fontSize: "0.8rem", px: 0.5, borderRadius: 0.5, bgcolor: "action.hover", overflowWrap: "anywhere" } as const;

function Facts({ schema }: { schema: Schema }) {
  const values = schema.enum ?? [];
  if (!schema.description && !schema.title && values.length === 0 && !schema.pattern) return null;
  return (
    <Box sx={{ pl: 3.5, pb: 0.5, fontSize: "0.85rem", color: "text.secondary", display: "grid", gap: 0.25 }}>
      {schema.title ? <Box sx={{ color: "text.primary" }}>{schema.title}</Box> : null}
      {schema.description ? <Box sx={{ whiteSpace: "pre-line" }}>{schema.description}</Box> : null}
      {values.length > 0 ? (
        <Box>
          one of{" "}
          {values.slice(0, ENUM_SHOWN).map((value, i) => (
            <Box component="code" key={i} sx={{ ...code, mr: 0.5, display: "inline-block" }}>
              {JSON.stringify(value)}
            </Box>
          ))}
          {values.length > ENUM_SHOWN ? `and ${values.length - ENUM_SHOWN} more` : null}
        </Box>
      ) : null}
      {schema.pattern ? (
        <Box component="details">
          <Box component="summary" sx={{ cursor: "pointer", width: "fit-content" }}>
            pattern
          </Box>
          <Box component="code" sx={{ ...code, display: "block", wordBreak: "break-all" }}>
            {schema.pattern}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

interface NodeProps {
  /** Absent for the root: the shape of a body, a response or a component. */
  row?: SchemaChild;
  schema: Schema;
  schemas: Readonly<Record<string, Schema>>;
  /** Components already open above this row: opening one of them again would never end. */
  ancestors: ReadonlySet<string>;
  defaultOpen: boolean;
  /** What the root stands for in the names of its buttons ("Show the parts of OutExecution"). */
  title?: string;
}

function SchemaNode({ row, schema, schemas, ancestors, defaultOpen, title }: NodeProps) {
  const inner = innerSchema(schema);
  const refName = schemaRefName(inner.$ref);
  const circular = refName !== undefined && ancestors.has(refName);
  const target = refName !== undefined && !circular ? resolveSchema(inner, schemas) : undefined;
  const rows = refName === undefined ? childrenOf(schema) : target ? childrenOf(target.schema) : [];
  const below = refName === undefined ? ancestors : new Set([...ancestors, refName]);
  // A component opens on request only: it has its own dialog, and may be large. Alternatives are
  // already named in the type line, so only properties are worth showing at once.
  const [open, setOpen] = useState(defaultOpen && refName === undefined && rows.some((r) => r.kind === "property"));
  const constraints = constraintsOf(schema);
  const what = row?.label ?? title ?? refName ?? "the value";

  return (
    <Box component="li" sx={{ listStyle: "none", minWidth: 0 }}>
      {/* Inline parts wrap under each other, not under the toggle: a hanging indent. */}
      <Box sx={{ position: "relative", pl: 3.5, py: 0.25, lineHeight: 1.7, "& > span": { mr: 1 } }}>
        {rows.length > 0 ? (
          <IconButton
            size="small"
            aria-expanded={open}
            aria-label={`${open ? "Hide" : "Show"} the parts of ${what}`}
            onClick={() => setOpen(!open)}
            sx={{ p: 0.25, position: "absolute", left: 0, top: 4 }}
          >
            {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
          </IconButton>
        ) : null}
        {row ? (
          <Box component="span" sx={{ fontFamily: monospace, fontSize: "0.85rem", fontWeight: row.kind === "property" ? 600 : 400, fontStyle: row.kind === "property" ? "normal" : "italic", overflowWrap: "anywhere" }}>
            {row.label}
          </Box>
        ) : null}
        {row?.required ? (
          <Box component="span" sx={{ color: "error.main", fontSize: "0.75rem", fontWeight: 600 }}>
            required
          </Box>
        ) : null}
        <TypeSummaryView summary={summarizeSchema(schema)} />
        {circular ? (
          <Box component="span" sx={{ fontSize: "0.8rem", color: "text.secondary" }}>
            (contains itself; follow the link)
          </Box>
        ) : null}
        {constraints.length > 0 ? (
          <Box component="span" sx={{ fontSize: "0.8rem", color: "text.secondary" }}>
            {constraints.join(" · ")}
          </Box>
        ) : null}
      </Box>
      <Facts schema={schema} />
      {open && rows.length > 0 ? <SchemaRows rows={rows} schemas={schemas} ancestors={below} label={`Parts of ${what}`} /> : null}
    </Box>
  );
}

function SchemaRows({ rows, schemas, ancestors, label }: { rows: readonly SchemaChild[]; schemas: Readonly<Record<string, Schema>>; ancestors: ReadonlySet<string>; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, p: 0, pl: 1.5, ml: 1.5, borderLeft: 1, borderColor: "divider" }}>
      {rows.map((child) => (
        <SchemaNode key={`${child.kind}:${child.label}`} row={child} schema={child.schema} schemas={schemas} ancestors={ancestors} defaultOpen={false} />
      ))}
    </Box>
  );
}

interface SchemaTreeProps {
  schema: Schema;
  schemas: Readonly<Record<string, Schema>>;
  /** The component this schema is, when it is one: a property of its own type is not opened again. */
  name?: string;
  label: string;
}

/**
 * A schema as a tree of its properties: name, type, required, limits, enum values and description.
 * Components are links; opening one in place stops where it would contain itself.
 */
export function SchemaTree({ schema, schemas, name, label }: SchemaTreeProps) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, p: 0, minWidth: 0 }}>
      <SchemaNode schema={schema} schemas={schemas} ancestors={new Set(name === undefined ? [] : [name])} defaultOpen title={name} />
    </Box>
  );
}
