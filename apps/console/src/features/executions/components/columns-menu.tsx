import { useId, useState } from "react";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import ViewColumnOutlined from "@mui/icons-material/ViewColumnOutlined";
import { COLUMNS, toggleColumn, type ColumnId } from "./column-choice";

interface ColumnsMenuProps {
  chosen: readonly ColumnId[];
  onChange: (chosen: ColumnId[]) => void;
}

/** Which columns the table shows; the menu stays open so several can be switched in a row. */
export function ColumnsMenu({ chosen, onChange }: ColumnsMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  return (
    <>
      <Button
        size="small"
        startIcon={<ViewColumnOutlined />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Columns
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} slotProps={{ list: { dense: true, "aria-label": "Columns" } }}>
        {COLUMNS.map((column) => {
          const shown = chosen.includes(column.id);
          const last = shown && chosen.length === 1;
          return (
            <MenuItem key={column.id} role="menuitemcheckbox" aria-checked={shown} disabled={last} onClick={() => onChange(toggleColumn(chosen, column.id))}>
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={shown} tabIndex={-1} disableRipple slotProps={{ input: { "aria-hidden": true } }} />
              </ListItemIcon>
              <ListItemText primary={column.label} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
