import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { OutHealthCheck } from "@baton/contract";
import type { ProcessKind } from "./process-kinds";
import { LifeSign } from "./life-sign";
import { StatusWord } from "./status-word";

type HealthProcess = OutHealthCheck["pwp"];

/** One kind of process: its state, how many instances run and, with details, each instance. */
export function ProcessCard({ kind, process, now }: { kind: ProcessKind; process: HealthProcess; now: number }) {
  const headingId = `process-${kind.key}`;
  const connections = kind.key === "cp" ? "Agents" : "Connections";
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "baseline", gap: 1 }}>
          <Typography variant="h2" id={headingId} sx={{ fontSize: "1.1rem" }}>
            {kind.code} — {kind.name}
          </Typography>
          <StatusWord status={process.status} />
        </Stack>
        <Typography color="text.secondary" variant="body2">
          {kind.role}
          {kind.required ? " Required: the engine is DOWN without it." : ""}
        </Typography>
        <Typography sx={{ mt: 1 }}>
          {process.instancesRunning} {process.instancesRunning === 1 ? "instance" : "instances"} running
        </Typography>
        {process.available && process.available.length > 0 ? (
          <Table size="small" aria-label={`${kind.code} instances`} sx={{ mt: 1 }}>
            <TableHead>
              <TableRow>
                <TableCell>Instance</TableCell>
                <TableCell align="right">{connections}</TableCell>
                <TableCell>Last life sign</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {process.available.map((instance) => (
                <TableRow key={instance.name}>
                  <TableCell sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}>{instance.name}</TableCell>
                  <TableCell align="right">{instance.count_of_connections}</TableCell>
                  <TableCell>
                    <LifeSign at={instance.last_life_sign} now={now} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </CardContent>
    </Card>
  );
}
