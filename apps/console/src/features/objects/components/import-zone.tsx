import { useDropzone, type FileRejection } from "react-dropzone";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import UploadFile from "@mui/icons-material/UploadFile";

interface ImportZoneProps {
  onFiles: (files: File[]) => void;
  onRejected: (rejections: FileRejection[]) => void;
}

/** Drop target for object export files; "Choose files" opens the file dialog. */
export function ImportZone({ onFiles, onRejected }: ImportZoneProps) {
  const { getRootProps, getInputProps, isDragActive, isDragReject, open } = useDropzone({
    accept: { "application/json": [".json"] },
    multiple: true,
    noClick: true,
    noKeyboard: true,
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
        p: { xs: 3, sm: 5 },
        textAlign: "center",
        bgcolor: isDragActive ? "action.hover" : "transparent",
        transition: "background-color 120ms, border-color 120ms",
      }}
    >
      <input {...getInputProps({ "aria-label": "Object files" })} />
      <UploadFile sx={{ fontSize: 40, color: isDragActive ? "primary.main" : "text.secondary" }} aria-hidden />
      <Typography variant="h3" component="p" sx={{ mt: 1 }}>
        {isDragReject ? "Only .json object files can be imported" : isDragActive ? "Drop the files to import them" : "Drop object files (.json) here"}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        One object export per file, as the REST API's GET /objects/{"{name}"} returns it.
      </Typography>
      <Button variant="outlined" onClick={open}>
        Choose files
      </Button>
    </Box>
  );
}
