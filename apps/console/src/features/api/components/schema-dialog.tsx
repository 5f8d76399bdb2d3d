import { Link as RouterLink, useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import Close from "@mui/icons-material/Close";
import type { OpenApiDocument } from "../api/openapi-document";
import { usagesOf } from "../api/schema-ref";
import { CloseActions } from "../../../components/submit-actions";
import { EmptyState } from "../../../components/empty-state";
import { monospace } from "../../../lib/theme";
import { replaceSearchParams } from "../../../lib/search-params";
import { explorerStateOf, searchWith } from "./explorer-search";
import { MethodLabel } from "./method-label";
import { matchesFilter } from "./operation-filter";
import { SchemaLink } from "./schema-link";
import { SchemaTree } from "./schema-tree";

function Usages({ name, document }: { name: string; document: OpenApiDocument }) {
  const [params] = useSearchParams();
  const filter = explorerStateOf(params).q;
  const usages = usagesOf(name, document.operations, document.schemas);
  if (usages.operations.length === 0 && usages.schemas.length === 0) return null;
  return (
    <Box sx={{ mb: 2, display: "grid", gap: 1 }}>
      {usages.operations.length > 0 ? (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Used by operations
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 0, display: "grid", gap: 0.5 }}>
            {usages.operations.map((op) => (
              <Box component="li" key={op.id} sx={{ listStyle: "none", display: "flex", gap: 1, alignItems: "center", minWidth: 0 }}>
                <MethodLabel method={op.method} />
                <Link component={RouterLink} to={{ search: searchWith(params, { op: op.id, schema: null, q: matchesFilter(op, filter) ? filter : null }) }} sx={{ fontFamily: monospace, fontSize: "0.85rem", overflowWrap: "anywhere" }}>
                  {op.path}
                </Link>
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
      {usages.schemas.length > 0 ? (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Part of
          </Typography>
          <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2 }}>
            {usages.schemas.map((other) => (
              <SchemaLink key={other} name={other} />
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

/** The component named in `?schema=`, over the page; its links open other components in its place. */
export function SchemaDialog({ name, document }: { name: string | null; document: OpenApiDocument }) {
  const [, setParams] = useSearchParams();
  const close = () => replaceSearchParams(setParams, { schema: null });
  const schema = name !== null && Object.hasOwn(document.schemas, name) ? document.schemas[name] : undefined;
  return (
    <Dialog open={name !== null} onClose={close} fullWidth maxWidth="md" scroll="paper" aria-labelledby="schema-dialog-title">
      <DialogTitle id="schema-dialog-title" sx={{ pr: 7, fontFamily: monospace, overflowWrap: "anywhere" }}>
        {name}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={close} sx={{ position: "absolute", right: 8, top: 12 }}>
        <Close />
      </IconButton>
      <DialogContent dividers>
        {name !== null && schema !== undefined ? (
          <>
            <Usages name={name} document={document} />
            <Typography variant="subtitle2" component="h3" gutterBottom>
              Shape
            </Typography>
            <SchemaTree schema={schema} schemas={document.schemas} name={name} label={`Schema ${name}`} />
          </>
        ) : (
          <EmptyState title={`There is no schema named "${name ?? ""}"`}>The link may come from another version of the engine. The schemas the engine has are listed at the end of the page.</EmptyState>
        )}
      </DialogContent>
      <CloseActions onClose={close} />
    </Dialog>
  );
}
