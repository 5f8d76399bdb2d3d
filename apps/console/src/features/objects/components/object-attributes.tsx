import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ObjectBody } from "@baton/contract";
import { DetailList } from "../../../components/detail-list";
import { monospace } from "../../../lib/theme";

/** Section titles from member names: `job_attributes` → "Job attributes". */
export function sectionTitle(member: string): string {
  const words = member.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

function Section({ member, value }: { member: string; value: unknown }) {
  const heading = (
    <Typography variant="h3" sx={{ mb: 1 }}>
      {sectionTitle(member)}
    </Typography>
  );
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    return (
      <Box component="section" aria-label={sectionTitle(member)}>
        {heading}
        <DetailList items={Object.entries(value).map(([key, inner]) => ({ label: key, value: <Box component="span" sx={typeof inner === "object" && inner !== null ? { fontFamily: monospace, fontSize: "0.8rem" } : undefined}>{valueText(inner)}</Box> }))} />
      </Box>
    );
  }
  return (
    <Box component="section" aria-label={sectionTitle(member)}>
      {heading}
      <Box sx={{ fontFamily: monospace, fontSize: "0.8rem", whiteSpace: "pre-wrap", wordBreak: "break-word", maxHeight: 320, overflow: "auto" }}>
        {Array.isArray(value) ? `${value.length} entr${value.length === 1 ? "y" : "ies"}\n${JSON.stringify(value, null, 2)}` : valueText(value)}
      </Box>
    </Box>
  );
}

/** Every member of the body as a titled section; objects as label/value lists, the rest as text. */
export function ObjectAttributes({ body }: { body: ObjectBody }) {
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      {Object.entries(body).map(([member, value]) => (
        <Section key={member} member={member} value={value} />
      ))}
    </Box>
  );
}
