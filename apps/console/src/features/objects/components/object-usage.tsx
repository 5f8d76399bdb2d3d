import { Link as RouterLink } from "react-router";
import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { useObjectUsage } from "../api/get-object-usage";
import { displayFolder, folderUrl } from "../api/folder-path";

/** The objects that refer to this one, each place and kind of reference. */
export function ObjectUsage({ name }: { name: string }) {
  const usage = useObjectUsage(name, true);
  if (usage.isPending) return <LoadingState label={`Finding what uses ${name}…`} />;
  if (usage.isError) return <ErrorAlert error={usage.error} context={`Could not find what uses ${name}`} onRetry={() => void usage.refetch()} />;
  const { data, hidden_by_access_rights: hidden } = usage.data;
  return (
    <>
      {hidden ? (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          Some objects that use {name} are not listed: you may not read them.
        </Alert>
      ) : null}
      {data.length === 0 ? (
        <Typography color="text.secondary">No object refers to {name}.</Typography>
      ) : (
        <Table size="small" aria-label={`Objects using ${name}`}>
          <TableHead>
            <TableRow>
              <TableCell>Object</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Folder</TableCell>
              <TableCell>Where</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((entry) => (
              <TableRow key={entry.name}>
                <TableCell>
                  <Link component={RouterLink} to={`/objects/${encodeURIComponent(entry.name)}`} sx={{ fontWeight: 600 }}>
                    {entry.name}
                  </Link>
                </TableCell>
                <TableCell>{entry.type}</TableCell>
                <TableCell>
                  <Link component={RouterLink} to={folderUrl(entry.path)}>
                    {displayFolder(entry.path)}
                  </Link>
                </TableCell>
                <TableCell>{entry.references.map((r) => `${r.kind} (${r.member}${r.calendar_event ? `, ${r.calendar_event}` : ""})`).join("; ")}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
