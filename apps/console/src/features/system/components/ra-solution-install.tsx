import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { OutRASolution } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import type { Refusal } from "../../../lib/permissions";
import { useInstallRaSolution } from "../api/install-ra-solution";
import { defaultInstallVersion, installLabel } from "./ra-solution-state";

/** Install, update or reinstall one solution at a chosen uploaded version (the latest first); off, described by `refusal`, with one. */
export function RaSolutionInstall({ solution, refusal }: { solution: OutRASolution; refusal: Refusal | undefined }) {
  const [version, setVersion] = useState(() => defaultInstallVersion(solution));
  const install = useInstallRaSolution();
  const label = installLabel(solution, version);
  return (
    <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-end", gap: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        {solution.uploaded_versions.length > 1 ? (
          <TextField select size="small" label="Version" value={version} onChange={(e) => setVersion(e.target.value)} sx={{ minWidth: 110 }} slotProps={{ htmlInput: { "aria-label": `Version of ${solution.name} to install` } }}>
            {solution.uploaded_versions.map((uploaded) => (
              <MenuItem key={uploaded} value={uploaded}>
                {uploaded}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <Button
          size="small"
          variant={label === "Reinstall" ? "outlined" : "contained"}
          loading={install.isPending}
          disabled={refusal !== undefined}
          aria-describedby={refusal?.id}
          aria-label={`${label} ${solution.name} ${version}`}
          onClick={() => install.mutate({ name: solution.name, version })}
        >
          {label}
        </Button>
      </Box>
      {install.error ? <ErrorAlert dense error={install.error} context={`${solution.name} ${version} was not installed`} /> : null}
    </Box>
  );
}
