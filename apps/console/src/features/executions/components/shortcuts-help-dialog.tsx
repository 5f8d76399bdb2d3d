import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import { monospace } from "../../../lib/theme";
import { LIST_SHORTCUTS } from "./list-shortcuts";

/** The keys of the executions list, from the same table the key handling reads. */
export function ShortcutsHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcuts-title" aria-describedby="shortcuts-description">
      <DialogTitle id="shortcuts-title">Keyboard shortcuts</DialogTitle>
      <DialogContent>
        <DialogContentText id="shortcuts-description" sx={{ mb: 1 }}>
          On the executions list, while no text field has the focus:
        </DialogContentText>
        <Table size="small" aria-label="Shortcuts of the executions list">
          <TableBody>
            {LIST_SHORTCUTS.map((shortcut) => (
              <TableRow key={shortcut.key}>
                <TableCell sx={{ width: 90 }}>
                  <Box
                    component="kbd"
                    sx={{ fontFamily: monospace, fontSize: "0.85rem", px: 0.75, py: 0.25, border: 1, borderColor: "divider", borderRadius: 1, bgcolor: "action.hover" }}
                  >
                    {shortcut.key}
                  </Box>
                </TableCell>
                <TableCell>{shortcut.description}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
