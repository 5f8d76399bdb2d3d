import { useState, type FormEvent } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import Add from "@mui/icons-material/Add";
import SearchIcon from "@mui/icons-material/Search";
import { FILTER_KINDS, type FilterRow } from "../api/search-url";
import type { SearchProblems } from "../api/search-errors";
import { FilterRowEditor } from "./filter-row";
import { KIND_TEXT } from "./filter-kinds";
import type { FilterDraft } from "./use-filter-draft";

interface FilterBuilderProps {
  draft: FilterDraft;
  problems: SearchProblems;
  onSearch: (rows: FilterRow[]) => void;
  onClear: () => void;
}

/** Filter rows (every one must hold), "Add filter", and Search, which puts them into the URL. */
export function FilterBuilder({ draft, problems, onSearch, onClear }: FilterBuilderProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.rows.map((entry) => entry.row));
  };
  return (
    <Paper component="form" role="search" aria-label="Search objects" variant="outlined" onSubmit={submit} sx={{ p: 2, mb: 2 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        Objects that meet every filter
      </Typography>
      {draft.rows.length === 0 ? <Typography color="text.secondary">No filter yet: add one.</Typography> : null}
      {draft.rows.map((entry, index) => (
        <FilterRowEditor
          key={entry.key}
          position={index + 1}
          row={entry.row}
          problems={entry.origin === null ? [] : (problems.byRow.get(entry.origin) ?? [])}
          onChange={(changes) => draft.change(entry.key, changes)}
          onRemove={() => draft.remove(entry.key)}
        />
      ))}
      <Box sx={{ display: "flex", gap: 1, mt: 1.5, flexWrap: "wrap" }}>
        <Button startIcon={<Add />} aria-haspopup="menu" onClick={(event) => setMenuAnchor(event.currentTarget)}>
          Add filter
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClear}>Clear</Button>
        <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={draft.rows.length === 0}>
          Search
        </Button>
      </Box>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {FILTER_KINDS.map((kind) => (
          <MenuItem
            key={kind}
            onClick={() => {
              draft.add(kind);
              setMenuAnchor(null);
            }}
          >
            {KIND_TEXT[kind].label}
          </MenuItem>
        ))}
      </Menu>
    </Paper>
  );
}
