import { Link as RouterLink } from "react-router";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import EditOutlined from "@mui/icons-material/EditOutlined";
import type { OutForecast } from "@baton/contract";
import { DateTime } from "../../../components/date-time";
import { AutoforecastComputed } from "./autoforecast-computed";
import { ForecastStatusLabel } from "./forecast-status-label";

import type { ForecastAction } from "./forecast-dialogs";

const TYPE_LABELS: Record<OutForecast["type"], string> = { FCST: "Forecast", AFCST: "Autoforecast" };

function Period({ from, to }: { from: string | undefined; to: string | undefined }) {
  return (
    <>
      <DateTime value={from} short /> – <DateTime value={to} short />
    </>
  );
}

/** One row per forecast: title (opens it), kind (the autoforecast with when it was computed), state, periods, who asked; rename and delete at the end. */
export function ForecastsTable({ forecasts, onAction }: { forecasts: readonly OutForecast[]; onAction: (action: ForecastAction) => void }) {
  return (
    <Table size="small" aria-label="Forecasts">
      <TableHead>
        <TableRow>
          <TableCell>Title</TableCell>
          <TableCell>Kind</TableCell>
          <TableCell>State</TableCell>
          <TableCell>Observed period</TableCell>
          <TableCell>First start – last end</TableCell>
          <TableCell>User</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {forecasts.map((forecast) => (
          <TableRow key={forecast.id} hover>
            <TableCell>
              <Link component={RouterLink} to={`/forecasts/${forecast.id}`}>
                {forecast.title || `Forecast ${forecast.id}`}
              </Link>
            </TableCell>
            <TableCell>
              {TYPE_LABELS[forecast.type]}
              {forecast.type === "AFCST" ? (
                <Typography variant="body2" color="text.secondary">
                  <AutoforecastComputed forecast={forecast} />
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>
              <ForecastStatusLabel forecast={forecast} />
            </TableCell>
            <TableCell>
              <Period from={forecast.start_time} to={forecast.end_time} />
            </TableCell>
            <TableCell>{forecast.estimated_start ? <Period from={forecast.estimated_start} to={forecast.estimated_end} /> : "—"}</TableCell>
            <TableCell>{forecast.user}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
              <Tooltip title="Rename">
                <IconButton size="small" aria-label={`Rename forecast ${forecast.id}`} onClick={() => onAction({ kind: "rename", forecast })}>
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton size="small" aria-label={`Delete forecast ${forecast.id}`} onClick={() => onAction({ kind: "delete", forecast })}>
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
