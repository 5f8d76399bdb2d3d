import { useId, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import ChevronRight from "@mui/icons-material/ChevronRight";
import ExpandMore from "@mui/icons-material/ExpandMore";
import type { Example } from "../api/openapi-document";
import { MonoBlock } from "../../../components/mono-block";

/** JSON pretty-printed; a text answer (Prometheus metrics, a report) as it came. */
function exampleText(example: Example, mediaType: string): string {
  if (typeof example.value === "string" && mediaType.startsWith("text/")) return example.value;
  return JSON.stringify(example.value, null, 2);
}

/**
 * One recorded answer of a response, open at first and collapsible: most are a few lines, a list
 * of executions is a long one.
 */
export function ExampleAnswer({ example, mediaType, label }: { example: Example; mediaType: string; label: string }) {
  const [open, setOpen] = useState(true);
  const id = useId();
  const about = [example.summary && `Answer to: ${example.summary}`, example.description].filter(Boolean).join(" — ");
  return (
    <Box sx={{ mt: 1, minWidth: 0 }}>
      <Button size="small" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} startIcon={open ? <ExpandMore /> : <ChevronRight />} sx={{ px: 0.5, textAlign: "left", textTransform: "none" }}>
        Example answer (recorded from a running Baton)
      </Button>
      <Box id={id} hidden={!open}>
        {about ? <Typography sx={{ fontSize: "0.85rem", color: "text.secondary", mb: 0.5 }}>{about}</Typography> : null}
        <MonoBlock label={label} maxHeight="40vh">
          {exampleText(example, mediaType)}
        </MonoBlock>
      </Box>
    </Box>
  );
}
