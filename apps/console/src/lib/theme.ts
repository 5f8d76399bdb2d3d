import { createTheme } from "@mui/material/styles";

/**
 * Light and dark schemes as CSS variables. The class selector lets the toggle override the
 * system preference (`prefers-color-scheme`); MUI stores the choice in localStorage.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: "class" },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: "#1565c0" },
        background: { default: "#f5f7fa" },
      },
    },
    dark: {
      palette: {
        primary: { main: "#90caf9" },
        background: { default: "#0f1318", paper: "#161b22" },
      },
    },
  },
  shape: { borderRadius: 8 },
  typography: {
    h1: { fontSize: "1.6rem", fontWeight: 600 },
    h2: { fontSize: "1.2rem", fontWeight: 600 },
    h3: { fontSize: "1.05rem", fontWeight: 600 },
  },
  components: {
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, whiteSpace: "nowrap" } } },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});

export const monospace = '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace';

/**
 * Text that wraps to a second line and is cut after it: rows of one height (virtualized tables,
 * whose rows are never measured) hold two lines where they would cut one.
 */
export const twoLines = { minWidth: 0, whiteSpace: "normal", lineHeight: 1.15, display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflow: "hidden" } as const;

/** Local storage key of the light/dark choice. */
export const COLOR_MODE_STORAGE_KEY = "baton.color-mode";
