import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { RefusalNote } from "../../../components/refusal-note";
import { usePrivilegeRefusal, type Refusal } from "../../../lib/permissions";
import { useCurrentSession } from "../../../lib/session-context";
import { useClients, type ClientSummary } from "../api/get-clients";
import { clientDeleteBlock } from "./client-delete-block";
import { DeleteClientDialog } from "./delete-client-dialog";

interface DeleteProps {
  onDelete: (client: ClientSummary) => void;
  /** Why the user may not delete any client (it lacks SYSTEM_ADMINISTRATION), said once above the table. */
  refusal: Refusal | undefined;
}

function ClientsTable({ clients, onDelete, refusal }: DeleteProps & { clients: readonly ClientSummary[] }) {
  const session = useCurrentSession();
  return (
    <Table size="small" aria-label="Clients">
      <TableHead>
        <TableRow>
          <TableCell>Client</TableCell>
          <TableCell>Title</TableCell>
          <TableCell align="right">Objects</TableCell>
          <TableCell align="right">Executions</TableCell>
          <TableCell align="right">Users</TableCell>
          <TableCell>Delete</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {clients.map((row) => {
          const block = clientDeleteBlock(row.client, session.client);
          const reasonId = `client-${row.client}-delete-block`;
          return (
            <TableRow key={row.client} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                {row.client}
              </TableCell>
              <TableCell>{row.title || "—"}</TableCell>
              <TableCell align="right">{row.object_count}</TableCell>
              <TableCell align="right">{row.execution_count}</TableCell>
              <TableCell align="right">{row.user_count}</TableCell>
              <TableCell>
                <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                  <Button size="small" color="error" disabled={block !== null || refusal !== undefined} aria-describedby={block ? reasonId : refusal?.id} aria-label={`Delete client ${row.client}`} onClick={() => onDelete(row)}>
                    Delete
                  </Button>
                  {block ? (
                    <Typography id={reasonId} variant="body2" color="text.secondary">
                      {block}
                    </Typography>
                  ) : null}
                </Box>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function ClientsList({ onDelete, refusal }: DeleteProps) {
  const clients = useClients();
  if (clients.isPending) return <LoadingState label="Loading clients…" />;
  if (clients.isError) return <ErrorAlert error={clients.error} context="Could not load the clients" onRetry={() => void clients.refetch()} />;
  const { data, total, hasmore } = clients.data;
  return (
    <>
      <ClientsTable clients={data} onDelete={onDelete} refusal={refusal} />
      {hasmore ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          Showing {data.length} of {total} clients.
        </Typography>
      ) : null}
    </>
  );
}

/** /system/clients: the installation's clients with what each holds, and deleting one (off, saying why, without SYSTEM_ADMINISTRATION). */
export function ClientsPage() {
  const [deleting, setDeleting] = useState<ClientSummary | null>(null);
  const refusal = usePrivilegeRefusal("SYSTEM_ADMINISTRATION", "client deletion");
  return (
    <>
      <PageHeader title="Clients" subtitle="Each client has its own objects, executions and users." />
      {refusal ? (
        <Box sx={{ mb: 2 }}>
          <RefusalNote refusal={refusal} />
        </Box>
      ) : null}
      <Paper variant="outlined" sx={{ overflowX: "auto" }}>
        <ClientsList onDelete={setDeleting} refusal={refusal} />
      </Paper>
      {deleting ? <DeleteClientDialog target={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
