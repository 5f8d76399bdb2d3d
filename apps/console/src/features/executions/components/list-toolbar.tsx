import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import CancelOutlined from "@mui/icons-material/CancelOutlined";
import Replay from "@mui/icons-material/Replay";
import KeyboardOutlined from "@mui/icons-material/KeyboardOutlined";
import SyncProblem from "@mui/icons-material/SyncProblem";
import { RefusalNote } from "../../../components/refusal-note";
import { useEventStreamState } from "../../../lib/event-stream";
import type { Refusal } from "../../../lib/permissions";
import type { BulkAction } from "./bulk-plan";

interface ListToolbarProps {
  shown: number;
  total: number;
  /** Every execution, tasks too, rather than the top-level runs. */
  showAll: boolean;
  onShowAll: (showAll: boolean) => void;
  selected: number;
  /** Why a bulk action is off: none of the selected rows can take it, for the user's rights. */
  refusals: Partial<Record<BulkAction, Refusal>>;
  onBulk: (action: BulkAction) => void;
  onClearSelection: () => void;
  onHelp: () => void;
  columnsMenu: ReactNode;
}

/**
 * Counts and, with rows selected, what can be done to them (an action the user's rights leave none
 * of them for is off, its reason under the toolbar); which executions, columns and shortcut help on the right.
 */
export function ListToolbar({ shown, total, showAll, onShowAll, selected, refusals, onBulk, onClearSelection, onHelp, columnsMenu }: ListToolbarProps) {
  const noun = showAll ? "execution" : "top-level run";
  const stream = useEventStreamState();
  const notes = [refusals.cancel, refusals.restart].flatMap((refusal) => (refusal === undefined ? [] : [refusal]));
  return (
    <>
      <Box role="toolbar" aria-label="Executions list" sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", minHeight: 40, mb: 1 }}>
        {selected > 0 ? (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600 }} role="status">
              {selected} selected
            </Typography>
            <Button size="small" color="error" variant="outlined" startIcon={<CancelOutlined />} disabled={refusals.cancel !== undefined} aria-describedby={refusals.cancel?.id} onClick={() => onBulk("cancel")}>
              Cancel selected
            </Button>
            <Button size="small" variant="outlined" startIcon={<Replay />} disabled={refusals.restart !== undefined} aria-describedby={refusals.restart?.id} onClick={() => onBulk("restart")}>
              Restart selected
            </Button>
            <Button size="small" onClick={onClearSelection}>
              Clear selection
            </Button>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary" role="status">
            Showing {shown.toLocaleString("en-US")} of {total.toLocaleString("en-US")} {noun}
            {total === 1 ? "" : "s"}
          </Typography>
        )}
        <Box sx={{ flex: 1 }} />
        {stream === "reconnecting" ? (
          // The app bar's badge says the stream is down; here it says what that means for these rows.
          <Typography variant="body2" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, color: "text.secondary" }}>
            <SyncProblem fontSize="small" color="warning" aria-hidden />
            Live updates interrupted: rows may be out of date until the list catches up.
          </Typography>
        ) : null}
        {/* A label around MUI's Checkbox (on the page already, in the table): FormControlLabel and Switch would add to what the list loads first. */}
        <Box component="label" sx={{ display: "inline-flex", alignItems: "center", typography: "body2", cursor: "pointer", mr: 0.5 }}>
          <Checkbox size="small" checked={showAll} onChange={(event) => onShowAll(event.target.checked)} />
          Show all (tasks too)
        </Box>
        {columnsMenu}
        <Tooltip title="Keyboard shortcuts (?)">
          <IconButton size="small" aria-label="Keyboard shortcuts" onClick={onHelp}>
            <KeyboardOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {notes.length > 0 ? (
        <Box sx={{ display: "flex", flexDirection: "column", gap: 0.5, mb: 1 }}>
          {notes.map((refusal) => (
            <RefusalNote key={refusal.id} refusal={refusal} />
          ))}
        </Box>
      ) : null}
    </>
  );
}
