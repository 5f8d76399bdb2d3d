import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import ExpandMore from "@mui/icons-material/ExpandMore";
import type { Operation, Schema } from "../api/openapi-document";
import { monospace } from "../../../lib/theme";
import { MethodLabel } from "./method-label";
import { OperationDetails, SectionTitle } from "./operation-details";
import { TryIt } from "./try-it";

/** "GET /{client_id}/executions": how an operation is named on screen and to screen readers. */
export function operationLabel(operation: Operation): string {
  return `${operation.method.toUpperCase()} ${operation.path}`;
}

/** An id for the DOM from an operationId (which may hold any character). */
export function operationDomId(operation: Operation, tag: string): string {
  return `op-${tag}-${operation.id}`.replace(/[^A-Za-z0-9_-]/g, "_");
}

interface OperationRowProps {
  operation: Operation;
  tag: string;
  schemas: Readonly<Record<string, Schema>>;
  expanded: boolean;
  onToggle: (expanded: boolean) => void;
  /** Called when the details have finished opening. */
  onOpened?: () => void;
}

/** One operation: method, path and summary; opened, what it takes and answers, and "Try it". */
export function OperationRow({ operation, tag, schemas, expanded, onToggle, onOpened }: OperationRowProps) {
  const label = operationLabel(operation);
  const id = operationDomId(operation, tag);
  return (
    <Accordion
      id={id}
      expanded={expanded}
      onChange={(_, next) => onToggle(next)}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true, onEntered: onOpened } }}
      sx={{ "&:not(:last-of-type)": { borderBottom: 0 }, "&::before": { display: "none" }, scrollMarginTop: 80 }}
    >
      <AccordionSummary
        expandIcon={<ExpandMore />}
        id={`${id}-summary`}
        aria-controls={`${id}-details`}
        aria-label={operation.summary ? `${label} — ${operation.summary}` : label}
        sx={{ minHeight: 48, "& .MuiAccordionSummary-content": { my: 1, minWidth: 0 } }}
      >
        <Box sx={{ display: "flex", alignItems: { xs: "flex-start", sm: "center" }, columnGap: 1.5, rowGap: 0.5, flexWrap: { xs: "wrap", md: "nowrap" }, minWidth: 0, width: "100%" }}>
          <MethodLabel method={operation.method} />
          <Box
            component="span"
            sx={{ fontFamily: monospace, fontSize: "0.88rem", fontWeight: 600, overflowWrap: "anywhere", minWidth: 0, flex: { md: "0 1 auto" }, textDecoration: operation.deprecated ? "line-through" : "none" }}
          >
            {operation.path}
          </Box>
          <Typography component="span" sx={{ color: "text.secondary", fontSize: "0.9rem", minWidth: 0, flex: "1 1 200px" }}>
            {operation.summary}
          </Typography>
        </Box>
      </AccordionSummary>
      {/* Not a scroll anchor: when an operation above closes while one below is scrolled to, the
          browser keeps the one scrolled to in place instead of following the closing content. */}
      <AccordionDetails sx={{ borderTop: 1, borderColor: "divider", pt: 2, minWidth: 0, overflowAnchor: "none" }}>
        <OperationDetails operation={operation} schemas={schemas} label={label} />
        <SectionTitle>Try it</SectionTitle>
        <TryIt operation={operation} schemas={schemas} label={label} />
      </AccordionDetails>
    </Accordion>
  );
}
