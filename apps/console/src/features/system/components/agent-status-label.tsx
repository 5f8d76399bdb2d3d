import Box from "@mui/material/Box";
import CheckCircle from "@mui/icons-material/CheckCircle";
import HourglassEmpty from "@mui/icons-material/HourglassEmpty";
import RadioButtonUnchecked from "@mui/icons-material/RadioButtonUnchecked";
import type { OutAgent } from "@baton/contract";
import { agentStatusLabels } from "./agent-status";

/** Connected or not as icon and words, and on a second line when the agent waits for authentication. */
export function AgentStatusLabel({ agent }: { agent: Pick<OutAgent, "active" | "authenticated"> }) {
  const [connection, waiting] = agentStatusLabels(agent);
  return (
    <Box component="span" sx={{ display: "inline-flex", flexDirection: "column", gap: 0.25 }}>
      <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75, whiteSpace: "nowrap" }}>
        {agent.active ? <CheckCircle color="success" fontSize="small" aria-hidden /> : <RadioButtonUnchecked color="disabled" fontSize="small" aria-hidden />}
        {connection}
      </Box>
      {waiting ? (
        <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.75, color: "warning.main", whiteSpace: "nowrap" }}>
          <HourglassEmpty fontSize="small" aria-hidden />
          {waiting}
        </Box>
      ) : null}
    </Box>
  );
}
