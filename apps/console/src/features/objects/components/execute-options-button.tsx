import { useSearchParams } from "react-router";
import Button from "@mui/material/Button";
import Tune from "@mui/icons-material/Tune";
import type { Refusal } from "../../../lib/permissions";
import { ExecuteDialog } from "./execute-dialog";

/** The URL parameter that opens the execute dialog, so the dialog has a link of its own. */
const PARAM = "execute";

/**
 * Opens the execute dialog (now, once at a time, recurring, queue, alias, inputs); `?execute=options`
 * on the object's page. Off, described by the refusal's text, when the user may not execute it.
 */
export function ExecuteOptionsButton({ objectName, refusal }: { objectName: string; refusal?: Refusal | undefined }) {
  const [params, setParams] = useSearchParams();
  const open = params.get(PARAM) === "options";
  const setOpen = (value: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(PARAM, "options");
      else next.delete(PARAM);
      return next;
    });
  return (
    <>
      <Button variant="outlined" startIcon={<Tune />} onClick={() => setOpen(true)} disabled={refusal !== undefined} aria-describedby={refusal?.id} aria-label={`Execute ${objectName} with options`}>
        Execute with options
      </Button>
      {open && refusal === undefined ? <ExecuteDialog objectName={objectName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
