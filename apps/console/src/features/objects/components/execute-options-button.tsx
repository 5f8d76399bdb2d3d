import { useSearchParams } from "react-router";
import Button from "@mui/material/Button";
import Tune from "@mui/icons-material/Tune";
import { ExecuteDialog } from "./execute-dialog";

/** The URL parameter that opens the execute dialog, so the dialog has a link of its own. */
const PARAM = "execute";

/** Opens the execute dialog (now, once at a time, recurring, queue, alias, inputs); `?execute=options` on the object's page. */
export function ExecuteOptionsButton({ objectName }: { objectName: string }) {
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
      <Button variant="outlined" startIcon={<Tune />} onClick={() => setOpen(true)} aria-label={`Execute ${objectName} with options`}>
        Execute with options
      </Button>
      {open ? <ExecuteDialog objectName={objectName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
