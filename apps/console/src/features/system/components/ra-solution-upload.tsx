import { useState } from "react";
import { useDropzone, type FileRejection } from "react-dropzone";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import UploadFile from "@mui/icons-material/UploadFile";
import { ErrorAlert } from "../../../components/error-alert";
import { RefusalNote } from "../../../components/refusal-note";
import { isApiError } from "../../../lib/api-client";
import type { Refusal } from "../../../lib/permissions";
import { useUploadRaSolution, type UploadProgress } from "../api/upload-ra-solution";
import { RA_STATUS_WORDS } from "./ra-solution-state";

const ZIP = { "application/zip": [".zip"], "application/x-zip-compressed": [".zip"] };

function rejectionText(rejections: readonly FileRejection[]): string | null {
  if (rejections.length === 0) return null;
  return rejections.length > 1 ? "Drop one package at a time." : `${rejections[0]?.file.name ?? "The file"} is not a .zip file: an RA solution package is a zip.`;
}

/** What to do about a refused upload: a header problem is about the checksum, anything else about the file. */
function uploadHint(error: Error): string | undefined {
  if (!isApiError(error, 400)) return undefined;
  if (error.problems.some((problem) => problem.path === "checksum" || problem.path === "algorithm")) {
    return "The server checks the package against the SHA-256 sent with it. Upload the file again; if the file changed while uploading, choose it anew.";
  }
  return "Check that the file is an RA solution package: a zip with manifest.json and its objects file.";
}

function percent({ loaded, total }: UploadProgress): number | null {
  return total > 0 ? Math.round((loaded / total) * 100) : null;
}

/**
 * Drop zone for a solution package. The browser computes the zip's SHA-256 and the server checks
 * it; package signatures are not verified by Baton, which the zone says. Off, saying why, with a `refusal`.
 */
export function RaSolutionUpload({ refusal }: { refusal: Refusal | undefined }) {
  const upload = useUploadRaSolution();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ZIP,
    multiple: false,
    disabled: upload.isPending || refusal !== undefined,
    onDrop: (accepted, rejections) => {
      setRejected(rejectionText(rejections));
      const file = accepted[0];
      if (!file) return;
      setProgress(null);
      upload.mutate({ file, onProgress: setProgress });
    },
  });
  const sent = progress ? percent(progress) : null;
  return (
    <Stack spacing={2} sx={{ mb: 3 }}>
      <Box
        {...getRootProps({ role: "button", "aria-label": "Upload RA solution package", "aria-disabled": refusal !== undefined, "aria-describedby": refusal?.id })}
        sx={{
          p: 3,
          border: 2,
          borderStyle: "dashed",
          borderColor: isDragActive ? "primary.main" : "divider",
          borderRadius: 1,
          textAlign: "center",
          cursor: refusal ? "not-allowed" : upload.isPending ? "progress" : "pointer",
          color: refusal ? "text.disabled" : undefined,
          bgcolor: isDragActive ? "action.hover" : undefined,
        }}
      >
        <input {...getInputProps({ "aria-label": "RA solution package (.zip)" })} />
        <UploadFile color="action" sx={{ fontSize: 40 }} aria-hidden />
        <Typography sx={{ fontWeight: 500 }}>{isDragActive ? "Drop the package here" : "Drop an RA solution package (.zip) here, or click to choose one"}</Typography>
        <Typography variant="body2" color="text.secondary">
          Uploading does not install it. Baton checks the package's SHA-256 but does not verify signatures: upload only packages you trust.
        </Typography>
      </Box>
      {refusal ? <RefusalNote refusal={refusal} /> : null}
      {upload.isPending ? (
        <Box role="status" aria-label="Upload progress">
          <Typography variant="body2" gutterBottom>
            {sent === null ? "Computing the checksum and uploading…" : `Uploading… ${sent}%`}
          </Typography>
          <LinearProgress variant={sent === null ? "indeterminate" : "determinate"} value={sent ?? 0} aria-label="Upload progress" />
        </Box>
      ) : null}
      {rejected ? <Alert severity="warning">{rejected}</Alert> : null}
      {upload.error ? <ErrorAlert error={upload.error} context="The package was not uploaded" hint={uploadHint(upload.error)} /> : null}
      {upload.data && !upload.isPending ? (
        <Alert severity="success" role="status">
          {upload.data.name} uploaded; its state is now {RA_STATUS_WORDS[upload.data.status]}. Install it from the list below.
        </Alert>
      ) : null}
    </Stack>
  );
}
