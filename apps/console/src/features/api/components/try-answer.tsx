import type { ReactElement } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import CheckCircle from "@mui/icons-material/CheckCircle";
import ErrorIcon from "@mui/icons-material/Error";
import InfoOutlined from "@mui/icons-material/InfoOutlined";
import WarningAmber from "@mui/icons-material/WarningAmber";
import SaveAlt from "@mui/icons-material/SaveAlt";
import { describeStatus, formatElapsed, type StatusTone } from "../api/http-status";
import { answerProblems, type TryAnswer } from "../api/send-operation";
import { MonoBlock } from "../../../components/mono-block";
import { saveFile } from "../../../lib/save-file";
import { monospace } from "../../../lib/theme";

/** Longer answers are cut on screen (a telemetry export can be megabytes); Save keeps all of it. */
const SHOWN_CHARS = 200_000;

const ICONS: Readonly<Record<StatusTone, ReactElement>> = {
  success: <CheckCircle color="success" aria-hidden />,
  info: <InfoOutlined color="info" aria-hidden />,
  warning: <WarningAmber color="warning" aria-hidden />,
  error: <ErrorIcon color="error" aria-hidden />,
};

function Body({ answer }: { answer: TryAnswer }) {
  const { body } = answer;
  if (body.kind === "empty") return <Typography color="text.secondary">No body.</Typography>;
  if (body.kind === "binary") return <Typography color="text.secondary">Binary data, {body.size.toLocaleString()} bytes: not shown here.</Typography>;
  const cut = body.text.length > SHOWN_CHARS;
  return (
    <>
      <MonoBlock label="Answer body" maxHeight="50vh">
        {cut ? body.text.slice(0, SHOWN_CHARS) : body.text}
      </MonoBlock>
      {cut ? (
        <Typography sx={{ mt: 0.5, fontSize: "0.85rem", color: "text.secondary" }}>
          Showing the first {SHOWN_CHARS.toLocaleString()} of {body.text.length.toLocaleString()} characters; save the answer to see all of it.
        </Typography>
      ) : null}
    </>
  );
}

/** The server's answer: status with its meaning in words, time taken, and the body. */
export function TryAnswerView({ answer, name }: { answer: TryAnswer; name: string }) {
  const status = describeStatus(answer.status);
  const problems = answerProblems(answer);
  const { body } = answer;
  return (
    <Box component="section" aria-label="Answer" sx={{ mt: 2, border: 1, borderColor: "divider", borderRadius: 1, p: 2, minWidth: 0 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap", mb: 1 }}>
        {ICONS[status.tone]}
        <Typography component="p" aria-label="Status" sx={{ fontWeight: 600 }}>
          {answer.status} {status.phrase}
          <Box component="span" sx={{ fontWeight: 400, color: "text.secondary" }}>
            {" "}— {status.meaning}
          </Box>
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Typography component="p" aria-label="Response time" sx={{ fontSize: "0.85rem", color: "text.secondary" }}>
          in {formatElapsed(answer.durationMs)}
        </Typography>
        {body.kind === "json" || body.kind === "text" ? (
          <Button size="small" startIcon={<SaveAlt />} onClick={() => saveFile(`${name}-${answer.status}.${body.kind === "json" ? "json" : "txt"}`, body.text, answer.contentType || undefined)}>
            Save answer
          </Button>
        ) : null}
      </Box>
      <Typography sx={{ fontFamily: monospace, fontSize: "0.8rem", color: "text.secondary", mb: 1, overflowWrap: "anywhere" }}>
        {answer.method} {answer.url}
        {answer.contentType ? ` · ${answer.contentType}` : ""}
      </Typography>
      {problems.length > 0 ? (
        <Box component="ul" aria-label="Problems" sx={{ mt: 0, mb: 1, pl: 3 }}>
          {problems.map((problem, i) => (
            <li key={i}>{problem}</li>
          ))}
        </Box>
      ) : null}
      <Body answer={answer} />
    </Box>
  );
}
