import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { MediaEntry, Operation, Parameter, Schema } from "../api/openapi-document";
import { describeStatus } from "../api/http-status";
import { monospace } from "../../../lib/theme";
import { ExampleAnswer } from "./example-answer";
import { constraintsOf, summarizeSchema } from "./schema-summary";
import { SchemaTree } from "./schema-tree";
import { TypeSummaryView } from "./type-summary-view";

export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h3" sx={{ mt: 2.5, mb: 1, fontSize: "0.95rem" }}>
      {children}
    </Typography>
  );
}

const mono = { fontFamily: monospace, fontSize: "0.85rem", overflowWrap: "anywhere" } as const;

function ParameterType({ parameter }: { parameter: Parameter }) {
  const limits = constraintsOf(parameter.schema);
  const values = parameter.schema.enum ?? [];
  return (
    <>
      <TypeSummaryView summary={summarizeSchema(parameter.schema)} />
      {limits.length > 0 ? (
        <Box sx={{ fontSize: "0.8rem", color: "text.secondary" }}>{limits.join(" · ")}</Box>
      ) : null}
      {values.length > 0 ? <Box sx={{ fontSize: "0.8rem", color: "text.secondary", overflowWrap: "anywhere" }}>one of {values.map((v) => JSON.stringify(v)).join(", ")}</Box> : null}
      {parameter.schema.pattern ? <Box sx={{ ...mono, fontSize: "0.75rem", color: "text.secondary", wordBreak: "break-all" }}>pattern {parameter.schema.pattern}</Box> : null}
    </>
  );
}

function ParametersTable({ operation, label }: { operation: Operation; label: string }) {
  return (
    <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 1 }}>
      <Table size="small" aria-label={`Parameters of ${label}`}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>In</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Description</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {operation.parameters.map((parameter) => (
            <TableRow key={`${parameter.in}:${parameter.name}`}>
              <TableCell component="th" scope="row" sx={{ verticalAlign: "top" }}>
                <Box component="span" sx={{ ...mono, fontWeight: 600 }}>
                  {parameter.name}
                </Box>
                {parameter.required ? (
                  <Box component="span" sx={{ display: "block", color: "error.main", fontSize: "0.75rem", fontWeight: 600 }}>
                    required
                  </Box>
                ) : null}
              </TableCell>
              <TableCell sx={{ verticalAlign: "top" }}>{parameter.in}</TableCell>
              <TableCell sx={{ verticalAlign: "top", minWidth: 160 }}>
                <ParameterType parameter={parameter} />
              </TableCell>
              <TableCell sx={{ verticalAlign: "top", color: parameter.description ? "text.primary" : "text.secondary" }}>
                {parameter.description || (parameter.multiSegment ? "May hold /." : "—")}
                {parameter.description && parameter.multiSegment ? " May hold /." : null}
                {parameter.in === "query" && parameter.schema.type?.includes("array") ? <Box sx={{ fontSize: "0.8rem", color: "text.secondary" }}>{parameter.explode ? "Repeat the key for each value." : "Values separated by commas."}</Box> : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function MediaSchema({ entry, schemas, label }: { entry: MediaEntry; schemas: Readonly<Record<string, Schema>>; label: string }) {
  if (entry.schema === undefined) return <Typography sx={{ fontSize: "0.85rem", color: "text.secondary" }}>Any bytes (no schema).</Typography>;
  return <SchemaTree schema={entry.schema} schemas={schemas} label={label} />;
}

function RequestBodySection({ operation, schemas, label }: { operation: Operation; schemas: Readonly<Record<string, Schema>>; label: string }) {
  const body = operation.requestBody;
  if (body === undefined) return null;
  return (
    <>
      <SectionTitle>Request body {body.required ? "(required)" : "(optional)"}</SectionTitle>
      {body.description ? <Typography sx={{ mb: 1 }}>{body.description}</Typography> : null}
      <Box sx={{ display: "grid", gap: 1.5 }}>
        {body.content.map((entry) => (
          <Box key={entry.mediaType} sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5, minWidth: 0 }}>
            <Box sx={{ ...mono, fontWeight: 600, mb: 0.5 }}>{entry.mediaType}</Box>
            <MediaSchema entry={entry} schemas={schemas} label={`Request body of ${label} as ${entry.mediaType}`} />
          </Box>
        ))}
      </Box>
    </>
  );
}

function ResponsesTable({ operation, schemas, label }: { operation: Operation; schemas: Readonly<Record<string, Schema>>; label: string }) {
  // Recorded answers are JSON to read: their column widens rather than wrapping every line.
  const recorded = operation.responses.some((response) => response.content.some((entry) => entry.examples.length > 0));
  return (
    <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 1 }}>
      <Table size="small" aria-label={`Responses of ${label}`}>
        <TableHead>
          <TableRow>
            <TableCell>Status</TableCell>
            <TableCell>Description</TableCell>
            <TableCell>Media type</TableCell>
            <TableCell>Schema</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {operation.responses.map((response) => {
            const status = Number(response.status);
            const entries: (MediaEntry | undefined)[] = response.content.length > 0 ? response.content : [undefined];
            return entries.map((entry, i) => (
              <TableRow key={`${response.status}:${entry?.mediaType ?? ""}`}>
                {i === 0 ? (
                  <>
                    <TableCell component="th" scope="row" rowSpan={entries.length} sx={{ verticalAlign: "top", whiteSpace: "nowrap" }}>
                      <Box component="span" sx={{ ...mono, fontWeight: 600 }}>
                        {response.status}
                      </Box>{" "}
                      {Number.isInteger(status) ? (
                        <Box component="span" sx={{ color: "text.secondary", fontSize: "0.8rem" }}>
                          {describeStatus(status).phrase}
                        </Box>
                      ) : null}
                    </TableCell>
                    <TableCell rowSpan={entries.length} sx={{ verticalAlign: "top", minWidth: 180 }}>
                      {response.description || "—"}
                    </TableCell>
                  </>
                ) : null}
                <TableCell sx={{ verticalAlign: "top", ...mono, overflowWrap: "normal", whiteSpace: "nowrap" }}>{entry?.mediaType ?? "—"}</TableCell>
                <TableCell sx={{ verticalAlign: "top", minWidth: { xs: 200, md: recorded ? 340 : 200 } }}>
                  {entry ? <MediaSchema entry={entry} schemas={schemas} label={`Response ${response.status} of ${label}`} /> : "No body"}
                  {entry?.examples.map((example) => (
                    <ExampleAnswer key={example.name} example={example} mediaType={entry.mediaType} label={`Example answer ${response.status} of ${label}`} />
                  ))}
                </TableCell>
              </TableRow>
            ));
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** What the document says of an operation: its parameters, request body and responses. */
export function OperationDetails({ operation, schemas, label }: { operation: Operation; schemas: Readonly<Record<string, Schema>>; label: string }) {
  return (
    <>
      {operation.description ? <Typography sx={{ whiteSpace: "pre-line" }}>{operation.description}</Typography> : null}
      {operation.deprecated ? <Typography color="warning.main">Deprecated: this operation may be removed.</Typography> : null}
      <Box sx={{ fontSize: "0.8rem", color: "text.secondary" }}>
        operationId <Box component="code" sx={mono}>{operation.id}</Box>
      </Box>
      <SectionTitle>Parameters</SectionTitle>
      {operation.parameters.length > 0 ? <ParametersTable operation={operation} label={label} /> : <Typography color="text.secondary">None.</Typography>}
      <RequestBodySection operation={operation} schemas={schemas} label={label} />
      <SectionTitle>Responses</SectionTitle>
      <ResponsesTable operation={operation} schemas={schemas} label={label} />
    </>
  );
}
