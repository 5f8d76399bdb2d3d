import { useState, type ChangeEvent } from "react";
import { readAgentName } from "./agent-name";

/**
 * A text field for an agent name: its props (the problem shows once the user tried to submit) and
 * `submitted()`, which gives the name as the server takes it, or null while it is refused.
 */
export function useAgentNameField(initial: string, hint: string) {
  const [typed, setTyped] = useState(initial);
  const [tried, setTried] = useState(false);
  const read = readAgentName(typed);
  const problem = "problem" in read ? read.problem : null;
  return {
    props: {
      value: typed,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setTyped(event.target.value),
      error: tried && problem !== null,
      helperText: (tried && problem) || hint,
    },
    submitted: (): string | null => {
      setTried(true);
      return "name" in read ? read.name : null;
    },
  };
}
