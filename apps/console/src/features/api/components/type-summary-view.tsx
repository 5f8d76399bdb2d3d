import { Fragment } from "react";
import Box from "@mui/material/Box";
import { monospace } from "../../../lib/theme";
import { SchemaLink } from "./schema-link";
import { summaryText, type TypeSummary } from "./schema-summary";

function Part({ summary }: { summary: TypeSummary }) {
  switch (summary.kind) {
    case "ref":
      return <SchemaLink name={summary.name} />;
    case "array":
    case "map": {
      const inner = summary.kind === "array" ? summary.items : summary.values;
      const grouped = inner.kind === "union" || inner.kind === "all";
      return (
        <>
          {summary.kind} of {grouped ? "(" : null}
          <Part summary={inner} />
          {grouped ? ")" : null}
        </>
      );
    }
    case "union":
    case "all": {
      const list = summary.kind === "union" ? summary.options : summary.parts;
      return (
        <>
          {list.map((part, i) => (
            <Fragment key={i}>
              {i > 0 ? (summary.kind === "union" ? " | " : " & ") : null}
              <Part summary={part} />
            </Fragment>
          ))}
        </>
      );
    }
    default:
      return <>{summaryText(summary)}</>;
  }
}

/** A schema's type as text, with each component it names as a link to that component. */
export function TypeSummaryView({ summary }: { summary: TypeSummary }) {
  return (
    <Box component="span" sx={{ fontFamily: monospace, fontSize: "0.85rem", color: "text.secondary", overflowWrap: "anywhere" }}>
      <Part summary={summary} />
    </Box>
  );
}
