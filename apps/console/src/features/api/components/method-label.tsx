import Box from "@mui/material/Box";
import type { HttpMethod } from "../api/openapi-document";
import { monospace } from "../../../lib/theme";

const COLORS: Readonly<Partial<Record<HttpMethod, string>>> = {
  get: "info.main",
  post: "success.main",
  put: "warning.main",
  patch: "secondary.main",
  delete: "error.main",
};

/** The HTTP method as a word in capitals; the colour only repeats what the word says. */
export function MethodLabel({ method }: { method: HttpMethod }) {
  const color = COLORS[method] ?? "text.secondary";
  return (
    <Box
      component="span"
      sx={{
        display: "inline-block",
        flexShrink: 0,
        minWidth: 64,
        px: 0.75,
        py: 0.25,
        border: 1,
        borderColor: color,
        borderRadius: 1,
        color,
        fontFamily: monospace,
        fontSize: "0.78rem",
        fontWeight: 700,
        lineHeight: 1.5,
        textAlign: "center",
      }}
    >
      {method.toUpperCase()}
    </Box>
  );
}
