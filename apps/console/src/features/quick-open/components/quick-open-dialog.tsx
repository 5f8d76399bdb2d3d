import { useEffect, useState, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import InputBase from "@mui/material/InputBase";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import SearchIcon from "@mui/icons-material/Search";
import type { QuickOpenOption } from "../api/quick-open-options";
import { useQuickOpenResults } from "../api/use-quick-open-results";
import { LISTBOX_ID, QuickOpenList } from "./quick-open-list";

/**
 * Quick-open: type a part of a name, a RunID or a screen; arrows move, Enter opens, Esc closes.
 * A modal dialog (focus stays inside, Esc and a click outside close it) whose text field is a
 * combobox over the listbox of choices.
 */
export function QuickOpenDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const { options, searching, problems } = useQuickOpenResults(text);
  // The list changes as answers arrive: the active option stays within it.
  const current = Math.max(0, Math.min(active, options.length - 1));
  const activeOption = options[current];

  useEffect(() => {
    if (activeOption) document.getElementById(activeOption.id)?.scrollIntoView({ block: "nearest" });
  }, [activeOption]);

  const choose = (option: QuickOpenOption) => {
    onClose();
    void navigate(option.to);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const count = options.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (count > 0) setActive((current + (event.key === "ArrowDown" ? 1 : count - 1)) % count);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (activeOption) choose(activeOption);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" slotProps={{ paper: { "aria-label": "Quick open", sx: { alignSelf: "flex-start", mt: 10 } } }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, px: 2, py: 1.5, borderBottom: 1, borderColor: "divider" }}>
        <SearchIcon color="action" aria-hidden />
        <InputBase
          autoFocus
          fullWidth
          placeholder="Object name, RunID or screen"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          slotProps={{ input: {
            role: "combobox",
            "aria-label": "Jump to",
            "aria-expanded": options.length > 0,
            "aria-controls": LISTBOX_ID,
            "aria-autocomplete": "list",
            "aria-activedescendant": activeOption?.id,
            spellCheck: false,
            autoComplete: "off",
          } }}
        />
      </Box>
      <Box sx={{ height: 3 }}>{searching ? <LinearProgress aria-hidden sx={{ height: 3 }} /> : null}</Box>
      {options.length > 0 ? <QuickOpenList options={options} active={current} onHover={setActive} onChoose={choose} /> : null}
      {problems.map((problem) => (
        <Typography key={problem} role="alert" color="error" variant="body2" sx={{ px: 2, py: 1 }}>
          {problem}
        </Typography>
      ))}
      <Box sx={{ display: "flex", gap: 2, px: 2, py: 1, borderTop: 1, borderColor: "divider", color: "text.secondary" }}>
        <Typography role="status" variant="caption" sx={{ flex: 1 }}>
          {statusText(text, options.length, searching)}
        </Typography>
        <Typography variant="caption">↑ ↓ move · Enter opens · Esc closes</Typography>
      </Box>
    </Dialog>
  );
}

/** What the list holds, in words, for everyone (and read out by screen readers as it changes). */
function statusText(text: string, count: number, searching: boolean): string {
  if (searching) return "Searching…";
  if (text.trim() === "") return "Type a part of an object's name (2 characters or more), a RunID or a screen.";
  if (count === 0) return `Nothing found for “${text.trim()}”. Objects and runs are found from 2 characters on, a run by its whole RunID.`;
  return count === 1 ? "1 choice" : `${count} choices`;
}
