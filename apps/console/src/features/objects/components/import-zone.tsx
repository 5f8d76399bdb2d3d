import { useDropzone, type FileRejection } from "react-dropzone";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import UploadFile from "@mui/icons-material/UploadFile";
import DriveFolderUpload from "@mui/icons-material/DriveFolderUpload";

interface ImportZoneProps {
  /** Where the objects go, as people read it (`\OPS`). */
  target: string;
  onFiles: (files: File[]) => void;
  onRejected: (rejections: FileRejection[]) => void;
  disabled?: boolean;
}

/** Chromium and Firefox take a directory from an input carrying this attribute; React has no prop for it. */
function allowDirectories(input: HTMLInputElement | null): void {
  input?.setAttribute("webkitdirectory", "");
}

/**
 * Drop target for object files, folder exports and whole directories (react-dropzone walks a
 * dropped directory and gives each file its path in it); the buttons open the file or folder dialog.
 */
export function ImportZone({ target, onFiles, onRejected, disabled = false }: ImportZoneProps) {
  const { getRootProps, getInputProps, isDragActive, isDragReject, open } = useDropzone({
    accept: { "application/json": [".json"] },
    multiple: true,
    noClick: true,
    noKeyboard: true,
    disabled,
    onDrop: (accepted, rejected) => {
      if (accepted.length > 0) onFiles(accepted);
      if (rejected.length > 0) onRejected(rejected);
    },
  });

  const borderColor = isDragReject ? "error.main" : isDragActive ? "primary.main" : "divider";
  return (
    <Box
      {...getRootProps({ role: "region", "aria-label": "Object import drop zone" })}
      sx={{
        border: 2,
        borderStyle: "dashed",
        borderColor,
        borderRadius: 2,
        p: { xs: 3, sm: 4 },
        textAlign: "center",
        bgcolor: isDragActive ? "action.hover" : "transparent",
        transition: "background-color 120ms, border-color 120ms",
      }}
    >
      <input {...getInputProps({ "aria-label": "Object files" })} />
      <UploadFile sx={{ fontSize: 40, color: isDragActive ? "primary.main" : "text.secondary" }} aria-hidden />
      <Typography variant="h3" component="p" sx={{ mt: 1 }}>
        {isDragReject ? "Only .json files can be imported" : isDragActive ? `Drop to import into ${target}` : `Drop a folder or object files (.json) here to import them into ${target}`}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Object exports, folder exports and directories of them; a directory becomes a folder of the same name.
      </Typography>
      <Box sx={{ display: "flex", gap: 1, justifyContent: "center", flexWrap: "wrap" }}>
        <Button variant="outlined" onClick={open} disabled={disabled}>
          Choose files
        </Button>
        <Button variant="outlined" component="label" startIcon={<DriveFolderUpload />} disabled={disabled}>
          Choose folder
          <input
            hidden
            type="file"
            multiple
            ref={allowDirectories}
            aria-label="Folder to import"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])].filter((file) => file.name.toLowerCase().endsWith(".json"));
              event.target.value = "";
              if (files.length > 0) onFiles(files);
            }}
          />
        </Button>
      </Box>
    </Box>
  );
}
