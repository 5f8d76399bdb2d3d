import ButtonGroup from "@mui/material/ButtonGroup";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import Stack from "@mui/material/Stack";
import ZoomIn from "@mui/icons-material/ZoomIn";
import ZoomOut from "@mui/icons-material/ZoomOut";
import type { useZoom } from "./use-zoom";

/** Zoom buttons with the current factor; Ctrl + wheel over the chart does the same. */
export function ZoomControls({ zoom }: { zoom: ReturnType<typeof useZoom> }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      <ButtonGroup size="small" aria-label="Zoom">
        <Button onClick={zoom.zoomOut} disabled={!zoom.canZoomOut} aria-label="Zoom out">
          <ZoomOut fontSize="small" />
        </Button>
        <Button onClick={zoom.reset} disabled={!zoom.canZoomOut}>
          Fit
        </Button>
        <Button onClick={zoom.zoomIn} disabled={!zoom.canZoomIn} aria-label="Zoom in">
          <ZoomIn fontSize="small" />
        </Button>
      </ButtonGroup>
      <Typography variant="body2" color="text.secondary">
        {Math.round(zoom.zoom * 100)} % · Ctrl + wheel zooms
      </Typography>
    </Stack>
  );
}
