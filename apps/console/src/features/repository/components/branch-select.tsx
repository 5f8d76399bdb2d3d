import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useBranches } from "../api/get-branches";

interface BranchSelectProps {
  label: string;
  value: string;
  onChange: (branch: string) => void;
  /** Left out of the choice, e.g. the active branch when choosing one to merge. */
  exclude?: string;
}

/** One of the local branches; the chosen one stays listed while the branches load. */
export function BranchSelect({ label, value, onChange, exclude }: BranchSelectProps) {
  const branches = useBranches();
  const names = (branches.data?.data ?? []).map((b) => b.name).filter((name) => name !== exclude);
  if (value !== "" && !names.includes(value)) names.unshift(value);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 240 }}
      helperText={branches.isError ? "Could not load the branches." : names.length === 0 && branches.data ? "There is no other branch." : undefined}
    >
      {names.map((name) => (
        <MenuItem key={name} value={name}>
          {name}
        </MenuItem>
      ))}
    </TextField>
  );
}
