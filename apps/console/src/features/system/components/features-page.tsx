import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import type { OutSystemFeature } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { useFeatures } from "../api/get-features";
import { StateWord } from "./status-word";

function FeaturesTable({ features }: { features: readonly OutSystemFeature[] }) {
  return (
    <Table size="small" aria-label="Features">
      <TableHead>
        <TableRow>
          <TableCell>Feature</TableCell>
          <TableCell>State</TableCell>
          <TableCell>What it is</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {features.map((feature) => (
          <TableRow key={feature.name} hover>
            <TableCell component="th" scope="row" sx={{ fontFamily: "monospace", fontWeight: 500 }}>
              {feature.name}
            </TableCell>
            <TableCell>
              <StateWord tone={feature.enabled ? "good" : "neutral"}>{feature.enabled ? "On" : "Off"}</StateWord>
            </TableCell>
            <TableCell>{feature.description}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** /system/features: what this installation has turned on, set by the server's configuration. */
export function FeaturesPage() {
  const features = useFeatures();
  return (
    <>
      <PageHeader title="Features" subtitle="Set by the server's configuration; a change takes effect when the server restarts." />
      <Paper variant="outlined" sx={{ overflowX: "auto" }}>
        {features.isPending ? (
          <LoadingState label="Loading features…" />
        ) : features.isError ? (
          <ErrorAlert error={features.error} context="Could not load the features" onRetry={() => void features.refetch()} />
        ) : (
          <FeaturesTable features={features.data} />
        )}
      </Paper>
    </>
  );
}
