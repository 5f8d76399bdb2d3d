import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import RestartAlt from "@mui/icons-material/RestartAlt";
import Send from "@mui/icons-material/Send";
import type { Operation, Parameter, Schema } from "../api/openapi-document";
import { formatElapsed } from "../api/http-status";
import { operationUrl } from "../api/path-template";
import { useSendOperation } from "../api/send-operation";
import { ErrorAlert } from "../../../components/error-alert";
import { useCurrentSession } from "../../../lib/session-context";
import { monospace } from "../../../lib/theme";
import { useNow } from "../../../lib/use-now";
import { constraintsOf, summarizeSchema, summaryText } from "./schema-summary";
import { startingBody, type StartingBody } from "./starting-body";
import { TryAnswerView } from "./try-answer";

/** A select whose empty value means "not sent": shown as a choice, not as a blank field. */
const SHOW_EMPTY_CHOICE = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

function choicesOf(parameter: Parameter): string[] | undefined {
  const { schema } = parameter;
  if (schema.enum !== undefined && schema.enum.every((v) => typeof v === "string" || typeof v === "number")) return schema.enum.map(String);
  if (schema.type?.length === 1 && schema.type[0] === "boolean") return ["true", "false"];
  return undefined;
}

function ParameterField({ parameter, value, onChange, error }: { parameter: Parameter; value: string; onChange: (value: string) => void; error: boolean }) {
  const choices = choicesOf(parameter);
  const isList = parameter.schema.type?.includes("array") ?? false;
  const hint = [summaryText(summarizeSchema(parameter.schema)), ...constraintsOf(parameter.schema), isList ? "comma-separated" : undefined].filter(Boolean).join(" · ");
  const common = {
    size: "small",
    label: parameter.name,
    value,
    required: parameter.required,
    error,
    helperText: error ? "Required: fill it in to send the request." : hint,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    slotProps: { htmlInput: { spellCheck: false, style: { fontFamily: monospace } } },
  } as const;
  if (choices === undefined) return <TextField {...common} />;
  return (
    <TextField {...common} select slotProps={{ ...common.slotProps, ...SHOW_EMPTY_CHOICE }}>
      <MenuItem value="">
        <em>{parameter.required ? "Choose" : "Not sent"}</em>
      </MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice} sx={{ fontFamily: monospace }}>
          {choice}
        </MenuItem>
      ))}
    </TextField>
  );
}

function initialValues(operation: Operation, client: number): Record<string, string> {
  const values: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.name === "client_id" && parameter.in === "path") values[parameter.name] = String(client);
    else if (parameter.schema.default !== undefined && parameter.in === "path") values[parameter.name] = String(parameter.schema.default.value);
  }
  return values;
}

function jsonProblem(text: string): string | null {
  if (text.trim() === "") return null;
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : "not valid JSON";
  }
}

function bodyHint(start: StartingBody): string {
  if (start.example === undefined) return "No recorded example: starts with the required properties; the schema above lists the others.";
  const what = start.example.summary ? `"${start.example.summary}"` : "a request";
  return `The recorded example ${what}, as a running Baton accepted it; the schema above lists every property.`;
}

function Waiting({ since }: { since: number }) {
  const now = useNow(250);
  return (
    <Box role="status" aria-live="polite" sx={{ mt: 2 }}>
      <LinearProgress aria-label="Waiting for the answer" />
      <Typography sx={{ mt: 0.5, fontSize: "0.85rem", color: "text.secondary" }}>Waiting for the answer… {formatElapsed(Math.max(0, now - since))}</Typography>
    </Box>
  );
}

/**
 * "Try it": the path and query parameters and a JSON body, sent through the BFF as the logged-in
 * user. Whatever the server answers is shown, errors included.
 */
export function TryIt({ operation, schemas, label }: { operation: Operation; schemas: Readonly<Record<string, Schema>>; label: string }) {
  const session = useCurrentSession();
  const [values, setValues] = useState(() => initialValues(operation, session.client));
  const start = useMemo(() => startingBody(operation, schemas), [operation, schemas]);
  const [body, setBody] = useState(start.text);
  const [tried, setTried] = useState(false);
  const [since, setSince] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const send = useSendOperation();
  useEffect(() => () => controller.current?.abort(), []);

  const fields = operation.parameters.filter((p) => p.in === "path" || p.in === "query");
  const { url, missing } = operationUrl(operation, values);
  const jsonBody = operation.requestBody?.content.some((entry) => /json/i.test(entry.mediaType)) ?? false;
  const otherBodies = (operation.requestBody?.content ?? []).filter((entry) => !/json/i.test(entry.mediaType)).map((entry) => entry.mediaType);
  const bodyError = jsonBody ? jsonProblem(body) : null;
  const cannotSend = operation.requestBody?.required === true && !jsonBody;
  const method = operation.method.toUpperCase();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing.length > 0 || bodyError !== null || cannotSend) return;
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    setSince(Date.now());
    send.mutate({ request: { method: operation.method, url, body: jsonBody && body.trim() !== "" ? body : undefined, csrfToken: session.csrf_token }, signal: next.signal });
  };

  const cancelled = send.error instanceof DOMException && send.error.name === "AbortError";
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={`Try ${label}`}>
      {fields.length > 0 ? (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(240px, 1fr))", mb: 2 }}>
          {fields.map((parameter) => (
            <ParameterField
              key={`${parameter.in}:${parameter.name}`}
              parameter={parameter}
              value={values[parameter.name] ?? ""}
              onChange={(value) => setValues((current) => ({ ...current, [parameter.name]: value }))}
              error={tried && missing.includes(parameter.name)}
            />
          ))}
        </Box>
      ) : null}
      {jsonBody ? (
        <TextField
          label="Request body (JSON)"
          multiline
          fullWidth
          minRows={4}
          maxRows={20}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          error={bodyError !== null}
          helperText={bodyError ? `Not valid JSON: ${bodyError}` : bodyHint(start)}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: monospace, fontSize: "0.85rem" } } }}
          sx={{ mb: 1 }}
        />
      ) : null}
      {jsonBody ? (
        <Button size="small" startIcon={<RestartAlt />} disabled={body === start.text} onClick={() => setBody(start.text)} sx={{ mb: 2 }}>
          {start.example ? "Reset to the recorded example" : "Reset the body"}
        </Button>
      ) : null}
      {otherBodies.length > 0 ? (
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          {cannotSend ? "This operation takes" : "The operation also takes"} {otherBodies.join(", ")}; here only JSON bodies can be sent.
        </Alert>
      ) : null}
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
        <Button type="submit" variant="contained" startIcon={<Send />} loading={send.isPending} loadingPosition="start" disabled={cannotSend}>
          Send
        </Button>
        {send.isPending ? <Button onClick={() => controller.current?.abort()}>Cancel</Button> : null}
        <Box component="code" aria-label="Request" sx={{ fontFamily: monospace, fontSize: "0.82rem", color: "text.secondary", overflowWrap: "anywhere", minWidth: 0 }}>
          {method} {url}
        </Box>
      </Box>
      {operation.method !== "get" && operation.method !== "head" ? (
        <Typography sx={{ mt: 1, fontSize: "0.85rem", color: "text.secondary" }}>
          Sent as {session.user}/{session.department} in client {session.client}: a {method} may change data.
        </Typography>
      ) : null}
      {send.isPending ? <Waiting since={since} /> : null}
      {!send.isPending && cancelled ? (
        <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
          Cancelled. The server may still finish the request.
        </Alert>
      ) : null}
      {!send.isPending && send.error && !cancelled ? (
        <Box sx={{ mt: 2 }}>
          <ErrorAlert error={send.error} context="No answer from the server" />
        </Box>
      ) : null}
      {!send.isPending && send.data ? <TryAnswerView answer={send.data} name={operation.id} /> : null}
    </Box>
  );
}
