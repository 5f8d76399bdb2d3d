import { useMemo, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import Save from "@mui/icons-material/Save";
import type { OutObject } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { RefusalNote } from "../../../components/refusal-note";
import { isApiError } from "../../../lib/api-client";
import type { Refusal } from "../../../lib/permissions";
import { checkDefinition, type DefinitionProblem } from "../api/definition-check";
import { editableText } from "../api/object-file";
import { useSaveObject } from "../api/save-object";
import { JsonEditor } from "./json-editor";

function serverProblems(error: unknown): DefinitionProblem[] {
  if (!isApiError(error, 400)) return [];
  return error.problems.map((p) => ({ path: p.path ?? "", message: p.details ? `${p.message}: ${p.details}` : p.message }));
}

/**
 * The definition as JSON in an editor. It is checked while typing against the contract's schemas;
 * saving replaces the object, and the server's 400 problems are marked at their paths too. Save is
 * off, with the reason beside it, when the user may not write the object.
 */
export function ObjectEditor({ name, object, refusal }: { name: string; object: OutObject; refusal?: Refusal | undefined }) {
  const initial = useMemo(() => editableText(object), [object]);
  const [text, setText] = useState(initial);
  const save = useSaveObject();
  const check = useMemo(() => checkDefinition(text, name), [text, name]);
  const problems = useMemo(() => [...(check.ok ? [] : check.problems), ...serverProblems(save.error)], [check, save.error]);
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        Edit the definition; problems are underlined where they are (hover for the message). Saving replaces {name} as a whole.
      </Typography>
      <JsonEditor
        initialText={initial}
        label={`Definition of ${name}`}
        problems={problems}
        onChange={(next) => {
          setText(next);
          if (save.isError || save.isSuccess) save.reset();
        }}
      />
      <Box component="ul" aria-label="Definition problems" sx={{ m: 0, pl: 2.5, color: "error.main", display: problems.length > 0 ? "block" : "none" }}>
        {problems.slice(0, 20).map((p, index) => (
          <Typography component="li" variant="body2" key={index}>
            {p.path ? <code>{p.path}</code> : null} {p.message}
          </Typography>
        ))}
      </Box>
      <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", flexWrap: "wrap" }}>
        <Button variant="contained" startIcon={<Save />} disabled={refusal !== undefined || !check.ok || text === initial} aria-describedby={refusal?.id} loading={save.isPending} loadingPosition="start" onClick={() => check.ok && save.mutate({ name, envelope: check.envelope })}>
          Save
        </Button>
        {save.isSuccess ? <Alert severity="success">Saved.</Alert> : null}
        {refusal ? <RefusalNote refusal={refusal} /> : null}
      </Box>
      {save.isError && !isApiError(save.error, 400) ? <ErrorAlert error={save.error} context={`Could not save ${name}`} /> : null}
    </Box>
  );
}
