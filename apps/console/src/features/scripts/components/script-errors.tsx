import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import type { ScriptProblem } from "../api/run-script";

interface ScriptErrorsProps {
  problems: readonly ScriptProblem[];
  /** Moves the editor's cursor to the problem. */
  onSelect: (problem: ScriptProblem) => void;
}

/** The syntax errors of a script the server refused, in words, each one a way to its place in the editor. */
export function ScriptErrors({ problems, onSelect }: ScriptErrorsProps) {
  const count = problems.length === 1 ? "1 error" : `${problems.length} errors`;
  return (
    <Alert severity="error" variant="outlined">
      <AlertTitle>The script was not started: {count}</AlertTitle>
      <Box component="ul" aria-label="Script errors" sx={{ m: 0, pl: 2.5 }}>
        {problems.map((problem) => (
          <li key={`${problem.line}:${problem.column}:${problem.message}`}>
            <Link component="button" type="button" onClick={() => onSelect(problem)} sx={{ verticalAlign: "baseline", font: "inherit" }}>
              Line {problem.line}, column {problem.column}
            </Link>
            : {problem.message}
          </li>
        ))}
      </Box>
      <Box component="span" sx={{ display: "block", mt: 0.5, opacity: 0.85 }}>
        Correct the underlined {problems.length === 1 ? "place" : "places"} in the editor, then run the script again.
      </Box>
    </Alert>
  );
}
