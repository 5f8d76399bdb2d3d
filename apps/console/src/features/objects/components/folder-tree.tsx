import { useState } from "react";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import ChevronRight from "@mui/icons-material/ChevronRight";
import ExpandMore from "@mui/icons-material/ExpandMore";
import Folder from "@mui/icons-material/Folder";
import FolderOpen from "@mui/icons-material/FolderOpen";
import { useSubfolders } from "../api/get-subfolders";
import { ancestorsOf, folderName } from "../api/folder-path";

interface FolderTreeProps {
  /** The folder on screen (engine form). */
  selected: string;
  onSelect: (folder: string) => void;
}

interface NodeProps extends FolderTreeProps {
  path: string;
  level: number;
  expanded: ReadonlySet<string>;
  onToggle: (folder: string) => void;
}

function FolderChildren({ path, level, ...rest }: NodeProps) {
  const subfolders = useSubfolders(path, true);
  if (subfolders.isPending) {
    return (
      <Box role="none" sx={{ pl: level * 2 + 1, py: 0.5, display: "flex", gap: 1, alignItems: "center" }}>
        <CircularProgress size={14} aria-hidden />
        <Typography variant="body2" color="text.secondary">
          Reading folders…
        </Typography>
      </Box>
    );
  }
  if (subfolders.isError) {
    return (
      <Typography role="none" variant="body2" color="error" sx={{ pl: level * 2 + 1 }}>
        Could not read the folders: {subfolders.error.message}
      </Typography>
    );
  }
  return (
    <Box role="group" component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
      {subfolders.data.folders.map((child) => (
        <FolderNode key={child} path={child} level={level + 1} {...rest} />
      ))}
      {subfolders.data.complete ? null : (
        <Typography component="li" role="none" variant="caption" color="text.secondary" sx={{ pl: (level + 1) * 2 + 1, display: "block" }}>
          Large folder: some subfolders may be missing.
        </Typography>
      )}
    </Box>
  );
}

/** One folder: its row, and once expanded the folders below it (read then, not before). */
function FolderNode(props: NodeProps) {
  const { path, level, selected, onSelect, expanded, onToggle } = props;
  const open = expanded.has(path);
  const label = path === "" ? "\\ (root)" : folderName(path);
  const isSelected = path === selected;
  return (
    <Box component="li" role="treeitem" aria-expanded={open} aria-selected={isSelected} aria-label={label} sx={{ listStyle: "none" }}>
      <Box sx={{ display: "flex", alignItems: "center", pl: level * 2, borderRadius: 1, bgcolor: isSelected ? "action.selected" : "transparent", "&:hover": { bgcolor: "action.hover" } }}>
        <IconButton size="small" aria-label={`${open ? "Collapse" : "Expand"} ${label}`} onClick={() => onToggle(path)}>
          {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
        </IconButton>
        <Box
          component="button"
          type="button"
          onClick={() => onSelect(path)}
          aria-current={isSelected ? "true" : undefined}
          sx={{ all: "unset", cursor: "pointer", display: "flex", alignItems: "center", gap: 0.75, py: 0.5, pr: 1, flex: 1, minWidth: 0, "&:focus-visible": { outline: 2, outlineColor: "primary.main" } }}
        >
          {open ? <FolderOpen fontSize="small" color="primary" aria-hidden /> : <Folder fontSize="small" color="action" aria-hidden />}
          <Typography variant="body2" noWrap title={label} sx={{ fontWeight: isSelected ? 700 : 400 }}>
            {label}
          </Typography>
        </Box>
      </Box>
      {open ? <FolderChildren {...props} /> : null}
    </Box>
  );
}

/**
 * The client's folders from the root, each read when it is expanded. The folders on the way to the
 * selected one start expanded, so a link to a deep folder shows where it lies.
 */
export function FolderTree({ selected, onSelect }: FolderTreeProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(ancestorsOf(selected)));
  const [shownFor, setShownFor] = useState(selected);
  if (shownFor !== selected) {
    // A folder chosen elsewhere (the contents table, a link) opens its way in the tree.
    setShownFor(selected);
    setExpanded((current) => new Set([...current, ...ancestorsOf(selected).slice(0, -1)]));
  }
  const toggle = (folder: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(folder)) next.add(folder);
      return next;
    });
  return (
    <Box component="ul" role="tree" aria-label="Folders" sx={{ m: 0, p: 0 }}>
      <FolderNode path="" level={0} selected={selected} onSelect={onSelect} expanded={expanded} onToggle={toggle} />
    </Box>
  );
}
