import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import Extension from "@mui/icons-material/Extension";
import { EmptyState } from "../../../components/empty-state";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { usePrivilegeRefusal, type Refusal } from "../../../lib/permissions";
import { useCurrentSession } from "../../../lib/session-context";
import { useRaSolutions } from "../api/get-ra-solutions";
import { SYSTEM_CLIENT } from "../api/system-client";
import { RaSolutionUpload } from "./ra-solution-upload";
import { RaSolutionsTable } from "./ra-solutions-table";

function RaSolutionsList({ refusal }: { refusal: Refusal | undefined }) {
  const solutions = useRaSolutions();
  if (solutions.isPending) return <LoadingState label="Loading RA solutions…" />;
  if (solutions.isError) return <ErrorAlert error={solutions.error} context="Could not load the RA solutions" onRetry={() => void solutions.refetch()} />;
  const { data, total, hasmore } = solutions.data;
  if (data.length === 0) return <EmptyState icon={<Extension />} title="No RA solutions uploaded">Upload a solution package above, then install it.</EmptyState>;
  return (
    <>
      <RaSolutionsTable solutions={data} refusal={refusal} />
      {hasmore ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          Showing {data.length} of {total} solutions.
        </Typography>
      ) : null}
    </>
  );
}

/**
 * /system/ra-solutions: solution packages uploaded to client 0 and installed there; other clients
 * only learn where to go. Uploading and installing are off, saying why, without SYSTEM_ADMINISTRATION.
 */
export function RaSolutionsPage() {
  const { client } = useCurrentSession();
  const refusal = usePrivilegeRefusal("SYSTEM_ADMINISTRATION", "RA solution uploads and installs");
  const subtitle = "Packages of objects installed into client 0 as a whole, and updated the same way.";
  if (client !== SYSTEM_CLIENT) {
    return (
      <>
        <PageHeader title="RA solutions" subtitle={subtitle} />
        <EmptyState icon={<Extension />} title="RA solutions are managed in client 0">
          Log in to client 0 to upload and install them.
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader title="RA solutions" subtitle={subtitle} />
      <RaSolutionUpload refusal={refusal} />
      <Paper variant="outlined" sx={{ overflowX: "auto" }}>
        <RaSolutionsList refusal={refusal} />
      </Paper>
    </>
  );
}
