import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import FirstPage from "@mui/icons-material/FirstPage";
import KeyboardArrowDown from "@mui/icons-material/KeyboardArrowDown";
import KeyboardArrowUp from "@mui/icons-material/KeyboardArrowUp";
import LastPage from "@mui/icons-material/LastPage";
import NavigateBefore from "@mui/icons-material/NavigateBefore";
import NavigateNext from "@mui/icons-material/NavigateNext";
import Search from "@mui/icons-material/Search";
import type { ReactElement } from "react";

function IconAction({ label, icon, onClick, disabled = false }: { label: string; icon: ReactElement; onClick: () => void; disabled?: boolean }) {
  return (
    <Tooltip title={label}>
      {/* The span keeps the tooltip working on a disabled button. */}
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

interface SearchControlsProps {
  query: string;
  onQuery: (query: string) => void;
  /** "3 of 12 on this page", "Searching page 14…": where the search stands. */
  status: string;
  onStep: (step: 1 | -1) => void;
  busy: boolean;
}

/** The search field with previous/next; Enter goes to the next match, Shift+Enter to the previous. */
export function SearchControls({ query, onQuery, status, onStep, busy }: SearchControlsProps) {
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
      <TextField
        size="small"
        label="Search in report"
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          onStep(event.shiftKey ? -1 : 1);
        }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> } }}
        sx={{ width: 260 }}
      />
      <IconAction label="Previous match" icon={<KeyboardArrowUp />} onClick={() => onStep(-1)} disabled={query === "" || busy} />
      <IconAction label="Next match" icon={<KeyboardArrowDown />} onClick={() => onStep(1)} disabled={query === "" || busy} />
      <Typography variant="body2" color="text.secondary" role="status" aria-live="polite" sx={{ minWidth: 160 }}>
        {status}
      </Typography>
    </Box>
  );
}

interface PageControlsProps {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}

/** First, previous, next and last page; the last page is the tail, which follows a running report. */
export function PageControls({ page, lastPage, onPage }: PageControlsProps) {
  return (
    <Box component="nav" aria-label="Report pages" sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
      <IconAction label="First page" icon={<FirstPage />} onClick={() => onPage(1)} disabled={page <= 1} />
      <IconAction label="Previous page" icon={<NavigateBefore />} onClick={() => onPage(page - 1)} disabled={page <= 1} />
      <Typography variant="body2" sx={{ mx: 1, whiteSpace: "nowrap" }}>
        Page {page.toLocaleString("en-US")} of {lastPage.toLocaleString("en-US")}
      </Typography>
      <IconAction label="Next page" icon={<NavigateNext />} onClick={() => onPage(page + 1)} disabled={page >= lastPage} />
      <IconAction label="Last page" icon={<LastPage />} onClick={() => onPage(lastPage)} disabled={page >= lastPage} />
    </Box>
  );
}
