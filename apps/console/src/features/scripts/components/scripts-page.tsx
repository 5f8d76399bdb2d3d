import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useColorScheme } from "@mui/material/styles";
import PlayArrow from "@mui/icons-material/PlayArrow";
import { PageHeader } from "../../../components/page-header";
import { ErrorAlert } from "../../../components/error-alert";
import { useRunScript } from "../api/run-script";
import { useScriptRunEvents } from "../api/script-run-events";
import { readScriptDraft, writeScriptDraft } from "./script-draft";
import { ScriptEditor, type ScriptEditorHandle } from "./script-editor";
import { ScriptErrors } from "./script-errors";
import { ScriptRunPanel } from "./script-run-panel";
import { RecentScriptRuns } from "./recent-script-runs";

const RUN_SHORTCUT = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.userAgent) ? "Cmd+Enter" : "Ctrl+Enter";

/** `?run=` → a RunID, or null when absent or not a positive 32-bit number. */
function parseRunId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= 2147483647 ? value : null;
}

function useDarkMode(): boolean {
  const { mode, systemMode } = useColorScheme();
  const effective = mode === "system" || mode === undefined ? systemMode : mode;
  return effective === "dark";
}

/** Write a script, run it, follow its output; the run is in the URL (`?run=`), the text in a local draft. */
export function ScriptsPage() {
  useScriptRunEvents();
  const [params, setParams] = useSearchParams();
  const rawRun = params.get("run");
  const runId = parseRunId(rawRun);
  const [script, setScript] = useState(readScriptDraft);
  const editor = useRef<ScriptEditorHandle>(null);
  const dark = useDarkMode();
  const run = useRunScript();

  const start = (text: string) => {
    if (run.isPending || text.trim() === "") return;
    run.mutate(text, { onSuccess: ({ run_id }) => setParams({ run: String(run_id) }) });
  };
  const change = (text: string) => {
    setScript(text);
    writeScriptDraft(text);
  };
  const showInEditor = (line: number, column: number) => editor.current?.focusAt(line, column);
  const empty = script.trim() === "";

  return (
    <>
      <title>Scripts · Baton</title>
      <PageHeader title="Scripts" subtitle="Write a script in the scripting language and run it on the server; its output appears below." />
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 400px" }, gap: 2, alignItems: "start" }}>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 2, minWidth: 0 }}>
          <Paper variant="outlined" component="section" aria-label="Script editor" sx={{ p: 2 }}>
            <ScriptEditor
              ref={editor}
              initialText={script}
              onChange={change}
              onRun={start}
              problems={run.problems}
              dark={dark}
              describedBy="script-editor-help"
            />
            <Box sx={{ display: "flex", alignItems: "center", gap: 2, mt: 1.5, flexWrap: "wrap" }}>
              <Button
                variant="contained"
                startIcon={<PlayArrow />}
                loading={run.isPending}
                loadingPosition="start"
                disabled={empty}
                onClick={() => start(script)}
              >
                Run
              </Button>
              <Typography variant="body2" color="text.secondary" id="script-editor-help">
                {empty
                  ? "Write a script first: statements start with a colon, like :PRINT \"Hello\"."
                  : `${RUN_SHORTCUT} in the editor runs the script too. Your text is kept in this browser.`}
              </Typography>
            </Box>
          </Paper>
          {run.problems.length > 0 ? (
            <ScriptErrors problems={run.problems} onSelect={(problem) => showInEditor(problem.line, problem.column)} />
          ) : run.isError ? (
            <ErrorAlert error={run.error} context="The script was not started" />
          ) : null}
          {runId !== null ? (
            <ScriptRunPanel key={runId} runId={runId} onShowInEditor={showInEditor} />
          ) : (
            <Paper variant="outlined" component="section" aria-label="Script run" sx={{ p: 2.5 }}>
              <Typography color="text.secondary">
                {rawRun !== null
                  ? `"${rawRun}" in the address is not a RunID. Run the script, or pick a run under Recent runs.`
                  : "Run the script to see its status and output here, or pick a run under Recent runs."}
              </Typography>
            </Paper>
          )}
        </Box>
        <RecentScriptRuns selectedRunId={runId} />
      </Box>
    </>
  );
}
