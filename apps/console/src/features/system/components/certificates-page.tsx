import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import LockOpen from "@mui/icons-material/LockOpen";
import type { OutCertificatesList } from "@baton/contract";
import { DateTime } from "../../../components/date-time";
import { EmptyState } from "../../../components/empty-state";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { useNow } from "../../../lib/use-now";
import { useCertificates } from "../api/get-certificates";
import { certificateValidity } from "./certificate-validity";
import { StateWord } from "./status-word";

type Certificate = OutCertificatesList["data"][number];

/** Days left change slowly: a minute is fine-grained enough for a page left open. */
const CLOCK_MS = 60_000;

function PlainHttp() {
  return (
    <EmptyState icon={<LockOpen />} title="Baton serves plain HTTP">
      No certificate is configured, so the console, the REST API and the agents' connections are not encrypted. To turn HTTPS on, start the server with{" "}
      <Box component="code">BATON_TLS_CERT</Box> and <Box component="code">BATON_TLS_KEY</Box> set to the paths of the certificate (chain) and its private key, both PEM files.
    </EmptyState>
  );
}

function CertificatesTable({ certificates }: { certificates: readonly Certificate[] }) {
  const now = useNow(CLOCK_MS);
  return (
    <Table size="small" aria-label="Certificates">
      <TableHead>
        <TableRow>
          <TableCell>Subject</TableCell>
          <TableCell>Issuer</TableCell>
          <TableCell>Validity</TableCell>
          <TableCell>Valid from</TableCell>
          <TableCell>Valid to</TableCell>
          <TableCell>Serial number</TableCell>
          <TableCell>SHA-256 fingerprint</TableCell>
          <TableCell>Process</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {certificates.map((certificate) => {
          const validity = certificateValidity(certificate, now);
          return (
            <TableRow key={`${certificate.process}-${certificate.fingerprint_sha256}`} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500, wordBreak: "break-word" }}>
                {certificate.subject}
              </TableCell>
              <TableCell sx={{ wordBreak: "break-word" }}>{certificate.issuer}</TableCell>
              <TableCell>
                <StateWord tone={validity.tone}>{validity.label}</StateWord>
              </TableCell>
              <TableCell>
                <DateTime value={certificate.valid_from} />
              </TableCell>
              <TableCell>
                <DateTime value={certificate.valid_to} />
              </TableCell>
              <TableCell sx={{ fontFamily: "monospace", wordBreak: "break-all" }}>{certificate.serial_number}</TableCell>
              <TableCell sx={{ fontFamily: "monospace", wordBreak: "break-all", minWidth: 240 }}>{certificate.fingerprint_sha256}</TableCell>
              <TableCell>{certificate.process}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

function CertificatesList() {
  const certificates = useCertificates();
  if (certificates.isPending) return <LoadingState label="Loading certificates…" />;
  if (certificates.isError) return <ErrorAlert error={certificates.error} context="Could not load the certificates" onRetry={() => void certificates.refetch()} />;
  const { data, total, hasmore } = certificates.data;
  if (data.length === 0) return <PlainHttp />;
  return (
    <>
      <CertificatesTable certificates={data} />
      {hasmore ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          Showing {data.length} of {total} certificates.
        </Typography>
      ) : null}
    </>
  );
}

/** /system/certificates: the TLS chain the server presents, with how long each certificate stays valid. */
export function CertificatesPage() {
  return (
    <>
      <PageHeader title="Certificates" subtitle="The certificates the server presents to browsers, API clients and agents." />
      <Paper variant="outlined" sx={{ overflowX: "auto" }}>
        <CertificatesList />
      </Paper>
    </>
  );
}
