import { codePointLength, codePointOffset, codePointSlice } from "./code-points";
import { addDays, DEFAULT_DATE_FORMAT, DEFAULT_TIME_FORMAT, formatDate, formatTime } from "./date-functions";
import type { ScriptHost, ScriptValue } from "./host";
import { MESSAGES } from "./messages";
import { ScriptRuntimeError } from "./script-runtime-error";
import { checkTextLength, formatValue, quote, requireInteger, requireNumber } from "./script-values";

/** What a function may use besides its arguments: the host and the run's :PROCESS state. */
export interface FunctionContext {
  readonly host: ScriptHost;
  /** The run's logical date and time (epoch ms), if it has one other than now (RunOptions.logicalTime). */
  readonly logicalTime: number | undefined;
  /** Writes a line to the ACT report (counted against the run's output budget). */
  print(line: string): void;
  /** Keeps the rows of PREP_PROCESS_VAR and returns the handle a :PROCESS loop iterates. */
  openProcess(rows: readonly (readonly string[])[]): string;
  /** The row the :PROCESS loop over `handle` is at; a runtime error outside such a loop. */
  currentProcessRow(handle: ScriptValue): readonly string[];
  /** Sets a variable of the run (values an activated object returned with :RSET). */
  setVariable(name: string, value: ScriptValue): void;
}

export interface ScriptFunction {
  readonly minArgs: number;
  readonly maxArgs: number;
  /** Arguments arrive evaluated; the parser has checked their count. */
  readonly call: (args: readonly ScriptValue[], context: FunctionContext) => ScriptValue | Promise<ScriptValue>;
}

// Column 1..5 of a static VARA row.
const VARA_COLUMNS = 5;
// FORMAT pads to at most this many digits; more is a mistake, not a format.
const MAX_FORMAT_DIGITS = 1024;

/**
 * Every function of the language by upper-case name. The parser refuses names not in here and
 * argument counts outside minArgs..maxArgs, so a typo fails before the script runs.
 */
export const SCRIPT_FUNCTIONS: ReadonlyMap<string, ScriptFunction> = new Map<string, ScriptFunction>([
  ["GET_VAR", {
    minArgs: 2,
    maxArgs: 3,
    call: async (args, { host }) => {
      const column = args[2] === undefined ? 1 : requireInteger(args[2], "the column");
      if (column < 1 || column > VARA_COLUMNS) {
        throw new ScriptRuntimeError(`the column must be 1 to ${VARA_COLUMNS}, not ${column}`);
      }
      return (await host.getVar(nameArg(args, 0), nameArg(args, 1), column)) ?? "";
    },
  }],
  ["ACTIVATE_UC_OBJECT", {
    minArgs: 1,
    maxArgs: 2,
    call: async (args, context) => {
      const name = nameArg(args, 0);
      const option = args[1] === undefined ? "" : nameArg(args, 1);
      if (option !== "" && option !== "WAIT") {
        throw new ScriptRuntimeError(`the second argument must be WAIT, not ${quote(textArg(args, 1))}`);
      }
      const runId = await context.host.activate(name);
      context.print(MESSAGES.activated(name, runId));
      if (option === "WAIT") {
        for (const [variable, value] of await context.host.waitFor(runId)) context.setVariable(variable, value);
      }
      return runId;
    },
  }],
  ["GET_UC_OBJECT_STATUS", {
    minArgs: 1,
    maxArgs: 1,
    call: (args, { host }) => host.executionStatus(integerArg(args, 0, "the RunID")),
  }],
  ["CANCEL_UC_OBJECT", {
    minArgs: 1,
    maxArgs: 1,
    call: (args, { host }) => host.cancel(integerArg(args, 0, "the RunID")),
  }],
  ["SYS_DATE", {
    minArgs: 0,
    maxArgs: 1,
    call: (args, { host }) => formatDate(host.now(), args[0] === undefined ? DEFAULT_DATE_FORMAT : textArg(args, 0)),
  }],
  // The logical date of the run (a start's use_logical_time, its workflow's, a restart's
  // original's, a schedule slot's time); the real date and time when it has none.
  ["SYS_LDATE", {
    minArgs: 0,
    maxArgs: 1,
    call: (args, { host, logicalTime }) => formatDate(logicalTime ?? host.now(), args[0] === undefined ? DEFAULT_DATE_FORMAT : textArg(args, 0)),
  }],
  ["SYS_LTIME", {
    minArgs: 0,
    maxArgs: 1,
    call: (args, { host, logicalTime }) => formatTime(logicalTime ?? host.now(), args[0] === undefined ? DEFAULT_TIME_FORMAT : textArg(args, 0)),
  }],
  ["SYS_TIME", {
    minArgs: 0,
    maxArgs: 1,
    call: (args, { host }) => formatTime(host.now(), args[0] === undefined ? DEFAULT_TIME_FORMAT : textArg(args, 0)),
  }],
  ["ADD_DAYS", {
    minArgs: 2,
    maxArgs: 2,
    call: (args) => addDays(textArg(args, 0), integerArg(args, 1, "the number of days")),
  }],
  ["STR_CAT", {
    minArgs: 2,
    maxArgs: Number.POSITIVE_INFINITY,
    call: (args) => {
      const parts = args.map(formatValue);
      checkTextLength(parts.reduce((total, part) => total + part.length, 0));
      return parts.join("");
    },
  }],
  ["STR_LENGTH", { minArgs: 1, maxArgs: 1, call: (args) => codePointLength(textArg(args, 0)) }],
  ["STR_SUB", {
    minArgs: 2,
    maxArgs: 3,
    call: (args) => {
      const text = textArg(args, 0);
      const start = integerArg(args, 1, "the start");
      if (start < 1) throw new ScriptRuntimeError(`the start must be 1 or more, not ${start}`);
      if (args[2] === undefined) return codePointSlice(text, start - 1);
      const length = integerArg(args, 2, "the length");
      if (length < 0) throw new ScriptRuntimeError(`the length must not be negative, not ${length}`);
      return codePointSlice(text, start - 1, length);
    },
  }],
  ["STR_FIND", {
    minArgs: 2,
    maxArgs: 3,
    call: (args) => {
      const text = textArg(args, 0);
      const wanted = textArg(args, 1);
      const start = args[2] === undefined ? 1 : integerArg(args, 2, "the start");
      if (start < 1) throw new ScriptRuntimeError(`the start must be 1 or more, not ${start}`);
      // An empty search string is found nowhere: 0 keeps `STR_FIND(...) > 0` meaning "contains".
      if (wanted === "") return 0;
      const found = text.indexOf(wanted, codePointOffset(text, start - 1));
      return found < 0 ? 0 : codePointLength(text.slice(0, found)) + 1;
    },
  }],
  ["STR_UC", { minArgs: 1, maxArgs: 1, call: (args) => textArg(args, 0).toUpperCase() }],
  ["STR_LC", { minArgs: 1, maxArgs: 1, call: (args) => textArg(args, 0).toLowerCase() }],
  ["STR_TRIM", { minArgs: 1, maxArgs: 1, call: (args) => textArg(args, 0).trim() }],
  ["STR_SUBSTITUTE", {
    minArgs: 3,
    maxArgs: 3,
    call: (args) => {
      const text = textArg(args, 0);
      const from = textArg(args, 1);
      const to = textArg(args, 2);
      if (from === "") return text;
      const parts = text.split(from);
      checkTextLength(text.length + (parts.length - 1) * (to.length - from.length));
      return parts.join(to);
    },
  }],
  ["FORMAT", {
    minArgs: 2,
    maxArgs: 2,
    call: (args) => {
      const number = requireNumber(args[0] ?? "", "the value");
      const digits = integerArg(args, 1, "the number of digits");
      if (digits < 0 || digits > MAX_FORMAT_DIGITS) {
        throw new ScriptRuntimeError(`the number of digits must be 0 to ${MAX_FORMAT_DIGITS}, not ${digits}`);
      }
      // Pad the integer part, keep the sign in front: FORMAT(-5, 3) is -005, FORMAT(2.5, 3) is 002.5.
      const [integerPart = "", fraction] = formatValue(Math.abs(number)).split(".");
      const padded = integerPart.padStart(digits, "0") + (fraction === undefined ? "" : `.${fraction}`);
      return number < 0 ? `-${padded}` : padded;
    },
  }],
  ["PREP_PROCESS_VAR", {
    minArgs: 1,
    maxArgs: 1,
    call: async (args, context) => context.openProcess(await context.host.processRows(nameArg(args, 0))),
  }],
  ["GET_PROCESS_LINE", {
    minArgs: 2,
    maxArgs: 2,
    call: (args, context) => {
      const row = context.currentProcessRow(args[0] ?? "");
      const column = integerArg(args, 1, "the column");
      if (column < 1) throw new ScriptRuntimeError(`the column must be 1 or more, not ${column}`);
      return row[column - 1] ?? "";
    },
  }],
]);

function textArg(args: readonly ScriptValue[], index: number): string {
  return formatValue(args[index] ?? "");
}

/** VARA names, keys and object names: case-insensitive, so upper case; blanks around ignored. */
function nameArg(args: readonly ScriptValue[], index: number): string {
  return textArg(args, index).trim().toUpperCase();
}

function integerArg(args: readonly ScriptValue[], index: number, purpose: string): number {
  return requireInteger(args[index] ?? "", purpose);
}
