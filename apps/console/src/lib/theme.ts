import { createTheme } from "@mui/material/styles";

/** The parts of progress bars and spinners that move while the console works. */
const ACTIVITY_INDICATORS = [".MuiLinearProgress-bar", ".MuiCircularProgress-root", ".MuiCircularProgress-svg", ".MuiCircularProgress-circle"].join(", ");

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
    // Less motion for those who ask for it (prefers-reduced-motion): transitions and ripples end
    // at once, so panels, dialogs and menus appear and go without sliding or fading. Progress bars
    // and spinners go on turning: they are how the console says that it is still working.
    MuiCssBaseline: {
      styleOverrides: {
        "@media (prefers-reduced-motion: reduce)": {
          [`*:not(${ACTIVITY_INDICATORS}), *::before, *::after`]: {
            animationDuration: "0.01ms !important",
            animationIterationCount: "1 !important",
            transitionDuration: "0.01ms !important",
            transitionDelay: "0s !important",
            scrollBehavior: "auto !important",
          },
        },
      },
    },
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
