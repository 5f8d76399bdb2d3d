import type {
  ArithmeticOperator,
  AssignmentTarget,
  ComparisonOperator,
  Condition,
  ParsedScript,
  Statement,
  ValueExpression,
  VariableReference,
} from "./ast";
import type { RunOptions, ScriptHost, ScriptResult, ScriptValue } from "./host";
import { MESSAGES } from "./messages";
import { type FunctionContext, SCRIPT_FUNCTIONS } from "./script-functions";
import { ScriptRuntimeError } from "./script-runtime-error";
import { checkTextLength, formatValue, numericValue, quote, requireInteger, requireNumber } from "./script-values";
import { substituteVariables } from "./substitute";
import type { SourceSpan } from "./tokens";
import { VariableStore } from "./variable-store";
import { WorkMeter } from "./work-meter";

/** Statements a run may execute when RunOptions.stepLimit is not given. */
export const DEFAULT_STEP_LIMIT = 100_000;
/**
 * Characters a run may print and emit as job text in total. The step limit bounds how often a
 * loop runs, this bounds how much it writes, so a loop cannot fill the engine's memory.
 */
export const MAX_OUTPUT_CHARACTERS = 10_000_000;
/**
 * Milliseconds of work a run may do when RunOptions.timeLimit is not given. The step limit counts
 * statements, but a statement on a long text costs far more than one on a number; this bounds
 * what a run costs the engine however its statements are made up. Time spent waiting for the
 * host (a VARA read, an activated object) does not count.
 */
export const DEFAULT_TIME_LIMIT = 10_000;
/**
 * Milliseconds a run works before it lets the event loop answer what waits (requests, timers).
 * Ordinary scripts end well within one slice and never pause.
 */
export const WORK_SLICE = 10;

// Function arguments longer than this may make a call take milliseconds: the run's work is
// measured before every such call (WorkMeter).
const LONG_TEXT = 10_000;

/** How a run ended early: :STOP or :EXIT, carried out of nested blocks. */
interface Halt {
  readonly outcome: "stopped" | "exited";
  readonly returnCode: number;
}

/** A data sequence from PREP_PROCESS_VAR and the row its :PROCESS loop is at. */
interface ProcessState {
  readonly rows: readonly (readonly string[])[];
  current: readonly string[] | undefined;
}

/**
 * Runs a parsed script against `host`. Never rejects: a runtime error (or a failing host) ends the
 * run with outcome `failed`, return code 1 and the error's message, line and column, and the
 * interpreter prints it to the report as message U00020999. Every statement executed (and every
 * further :WHILE check or :PROCESS row) counts against `options.stepLimit`, and the run's work
 * against `options.timeLimit`; every WORK_SLICE ms of work it lets the event loop run.
 */
export async function runScript(script: ParsedScript, host: ScriptHost, options: RunOptions): Promise<ScriptResult> {
  const run = new ScriptRun(host, options);
  try {
    if (options.mode !== script.mode) {
      throw new ScriptRuntimeError(
        `the script was parsed in ${script.mode} mode but is run in ${options.mode} mode`,
        { line: 1, column: 1, length: 1 },
      );
    }
    const halt = await run.executeBlock(script.statements);
    return run.result(halt?.outcome ?? "ended", halt?.returnCode ?? 0);
  } catch (error) {
    return run.fail(error);
  }
}

class ScriptRun {
  private readonly variables: VariableStore;
  private readonly psets = new Map<string, ScriptValue>();
  private readonly rsets = new Map<string, ScriptValue>();
  private readonly text: string[] = [];
  private readonly processes = new Map<string, ProcessState>();
  private readonly stepLimit: number;
  private readonly meter: WorkMeter;
  private steps = 0;
  private output = 0;
  /** The statement being executed: where an error without a more precise span is reported. */
  private current: SourceSpan = { line: 1, column: 1, length: 1 };
  private readonly functions: FunctionContext;

  constructor(private readonly host: ScriptHost, options: RunOptions) {
    this.variables = new VariableStore(options.variables);
    // An infinite or missing limit would let `:WHILE 1 = 1` hang the engine.
    const limit = options.stepLimit;
    this.stepLimit = limit !== undefined && Number.isFinite(limit) ? limit : DEFAULT_STEP_LIMIT;
    const timeLimit = options.timeLimit !== undefined && Number.isFinite(options.timeLimit) ? options.timeLimit : DEFAULT_TIME_LIMIT;
    this.meter = new WorkMeter(options.monotonicNow ?? (() => performance.now()), timeLimit, WORK_SLICE);
    this.functions = {
      host,
      logicalTime: options.logicalTime,
      print: (line) => this.print(line),
      openProcess: (rows) => {
        const handle = `PROCESS#${this.processes.size + 1}`;
        this.processes.set(handle, { rows, current: undefined });
        return handle;
      },
      currentProcessRow: (handle) => {
        const row = this.processOf(handle).current;
        if (row === undefined) throw new ScriptRuntimeError(`${quote(handle)} is not being iterated by :PROCESS`);
        return row;
      },
      setVariable: (name, value) => {
        this.variables.checkTarget(name, undefined);
        this.variables.write(name, undefined, value);
      },
    };
  }

  result(outcome: ScriptResult["outcome"], returnCode: number, error?: ScriptResult["error"]): ScriptResult {
    const result: ScriptResult = {
      outcome,
      returnCode,
      variables: this.variables.snapshot(),
      psets: this.psets,
      rsets: this.rsets,
      text: this.text,
    };
    if (error !== undefined) result.error = error;
    return result;
  }

  /** Turns any failure into the `failed` result and the U00020999 report line. */
  fail(error: unknown): ScriptResult {
    const span = error instanceof ScriptRuntimeError && error.span !== undefined ? error.span : this.current;
    const message = error instanceof Error ? error.message : String(error);
    try {
      this.host.print(MESSAGES.runtimeError(span.line, span.column, message));
    } catch {
      // The report is unavailable; the result below still says what failed and where.
    }
    return this.result("failed", 1, { message, line: span.line, column: span.column });
  }

  async executeBlock(statements: readonly Statement[]): Promise<Halt | undefined> {
    for (const statement of statements) {
      const halt = await this.execute(statement);
      if (halt !== undefined) return halt;
    }
    return undefined;
  }

  private async execute(statement: Statement): Promise<Halt | undefined> {
    this.current = statement.span;
    if (this.step(statement.span)) await this.meter.pause();
    switch (statement.kind) {
      case "set": {
        const value = await this.evaluate(statement.value);
        await this.assign(statement.target, value, statement.value.span);
        if (statement.keyword !== "SET") {
          // The value as stored, so a typed variable passes on its converted value.
          const stored = this.variables.read(statement.target.name, undefined);
          (statement.keyword === "PSET" ? this.psets : this.rsets).set(statement.target.name, stored);
        }
        return undefined;
      }
      case "define":
        this.variables.define(statement.name, statement.type, statement.size);
        return undefined;
      case "print":
        this.print(statement.value === undefined ? "" : formatValue(await this.evaluate(statement.value)));
        return undefined;
      case "if": {
        const branch = (await this.test(statement.condition)) ? statement.then : statement.otherwise;
        return branch === undefined ? undefined : this.executeBlock(branch);
      }
      case "while":
        for (let first = true; ; first = false) {
          if (!first) {
            this.current = statement.span;
            if (this.step(statement.span)) await this.meter.pause();
          }
          if (!(await this.test(statement.condition))) return undefined;
          const halt = await this.executeBlock(statement.body);
          if (halt !== undefined) return halt;
        }
      case "inc": {
        const current = await this.readTarget(statement.target);
        const number = numericValue(current);
        if (number === undefined) {
          const message = `:INC needs a number in ${statement.target.name}, not ${quote(current)}`;
          throw new ScriptRuntimeError(message, statement.target.span);
        }
        await this.assign(statement.target, number + 1, statement.target.span);
        return undefined;
      }
      case "putVar":
        return this.putVar(statement.vara, statement.key, statement.values, statement.span);
      case "process":
        return this.process(statement.handle, statement.body, statement.span);
      case "stop": {
        if (statement.message === undefined) return { outcome: "stopped", returnCode: 0 };
        const { number, text } = statement.message;
        const returnCode = requireIntegerAt(await this.evaluate(number), "the message number", number.span);
        this.print(formatValue(await this.evaluate(text)));
        return { outcome: "stopped", returnCode };
      }
      case "exit": {
        if (statement.returnCode === undefined) return { outcome: "exited", returnCode: 0 };
        const { returnCode: expression } = statement;
        const returnCode = requireIntegerAt(await this.evaluate(expression), "the return code", expression.span);
        return { outcome: "exited", returnCode };
      }
      case "restart":
        if (statement.text !== undefined) this.print(formatValue(await this.evaluate(statement.text)));
        return undefined;
      case "text": {
        const line = this.substitute(statement.text);
        this.count(line.length);
        this.text.push(line);
        return undefined;
      }
    }
  }

  /** Counts a statement against both limits; true when the run should let the event loop run. */
  private step(span: SourceSpan): boolean {
    this.steps += 1;
    if (this.steps > this.stepLimit) {
      throw new ScriptRuntimeError(`step limit of ${this.stepLimit} statements exceeded, possible endless loop`, span);
    }
    return this.meter.check();
  }

  private print(line: string): void {
    this.count(line.length);
    this.host.print(line);
  }

  private count(characters: number): void {
    this.output += characters;
    if (this.output > MAX_OUTPUT_CHARACTERS) {
      throw new ScriptRuntimeError(`the script wrote more than ${MAX_OUTPUT_CHARACTERS} characters`);
    }
  }

  private async putVar(
    varaExpression: ValueExpression,
    keyExpression: ValueExpression,
    valueExpressions: readonly ValueExpression[],
    span: SourceSpan,
  ): Promise<undefined> {
    // Names are case-insensitive: VARA and key are stored in upper case, values as written.
    const vara = formatValue(await this.evaluate(varaExpression)).trim().toUpperCase();
    const key = formatValue(await this.evaluate(keyExpression)).trim().toUpperCase();
    const values: string[] = [];
    for (const expression of valueExpressions) values.push(formatValue(await this.evaluate(expression)));
    await this.callHost("PUT_VAR", span, () => this.host.putVar(vara, key, values));
    this.print(MESSAGES.variableStored(vara, key));
    return undefined;
  }

  private async process(handle: VariableReference, body: readonly Statement[], span: SourceSpan): Promise<Halt | undefined> {
    const state = this.processOf(this.variables.read(handle.name, undefined), handle.span);
    // Restored afterwards, so a nested :PROCESS over the same handle leaves the outer row intact.
    const outer = state.current;
    try {
      for (const [index, row] of state.rows.entries()) {
        if (index > 0) {
          this.current = span;
          if (this.step(span)) await this.meter.pause();
        }
        state.current = row;
        const halt = await this.executeBlock(body);
        if (halt !== undefined) return halt;
      }
      return undefined;
    } finally {
      state.current = outer;
    }
  }

  private processOf(handle: ScriptValue, span?: SourceSpan): ProcessState {
    const state = this.processes.get(formatValue(handle));
    if (state === undefined) throw new ScriptRuntimeError(`${quote(handle)} is not a handle from PREP_PROCESS_VAR`, span);
    return state;
  }

  private async test(condition: Condition): Promise<boolean> {
    switch (condition.kind) {
      case "compare":
        return compare(await this.evaluate(condition.left), condition.operator, await this.evaluate(condition.right));
      // AND and OR stop early, so `&I# <= 5 AND &A#[&I#] = "x"` never reads outside the array.
      case "logical":
        return condition.operator === "AND"
          ? (await this.test(condition.left)) && this.test(condition.right)
          : (await this.test(condition.left)) || this.test(condition.right);
      case "not":
        return !(await this.test(condition.operand));
    }
  }

  private async evaluate(expression: ValueExpression): Promise<ScriptValue> {
    switch (expression.kind) {
      case "number":
        return expression.value;
      case "string":
        return this.substitute(expression.value, expression.span);
      case "word":
        return expression.text;
      case "variable":
        return this.readTarget(expression);
      case "call":
        return this.call(expression.name, expression.args, expression.span);
      case "negate":
        return -numberAt(await this.evaluate(expression.operand), "the operand of '-'", expression.operand.span);
      case "arithmetic": {
        const { operator } = expression;
        const left = numberAt(await this.evaluate(expression.left), `the operand of '${operator}'`, expression.left.span);
        const right = numberAt(await this.evaluate(expression.right), `the operand of '${operator}'`, expression.right.span);
        if (operator === "/" && right === 0) throw new ScriptRuntimeError("division by zero", expression.operatorSpan);
        const result = arithmetic(operator, left, right);
        if (!Number.isFinite(result)) {
          throw new ScriptRuntimeError(`the result of '${operator}' is too large`, expression.operatorSpan);
        }
        return result;
      }
    }
  }

  private async call(name: string, argExpressions: readonly ValueExpression[], span: SourceSpan): Promise<ScriptValue> {
    const fn = SCRIPT_FUNCTIONS.get(name);
    if (fn === undefined) throw new ScriptRuntimeError(`unknown function ${name}`, span);
    const args: ScriptValue[] = [];
    for (const expression of argExpressions) args.push(await this.evaluate(expression));
    // A statement may call many functions on long texts: each call is a unit of work of its own.
    const costly = args.some((arg) => typeof arg === "string" && arg.length > LONG_TEXT);
    if (withSpan(span, () => this.meter.check(costly))) await this.meter.pause();
    return this.callHost(name, span, () => fn.call(args, this.functions));
  }

  /** Runs `action`, blaming any failure (a HostError included) on `name` at `span`. */
  private async callHost<T>(name: string, span: SourceSpan, action: () => T | Promise<T>): Promise<T> {
    try {
      const value = action();
      return value instanceof Promise ? await this.meter.waitFor(value) : value;
    } catch (error) {
      if (error instanceof ScriptRuntimeError && error.span !== undefined) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new ScriptRuntimeError(`${name}: ${message}`, span);
    }
  }

  private async readTarget(target: AssignmentTarget | VariableReference): Promise<ScriptValue> {
    const index = await this.indexOf(target);
    return withSpan(target.span, () => this.variables.read(target.name, index));
  }

  private async assign(target: AssignmentTarget, value: ScriptValue, valueSpan: SourceSpan): Promise<void> {
    const index = await this.indexOf(target);
    withSpan(target.span, () => this.variables.checkTarget(target.name, index));
    withSpan(valueSpan, () => this.variables.write(target.name, index, value));
  }

  private async indexOf(target: AssignmentTarget | VariableReference): Promise<number | undefined> {
    if (target.index === undefined) return undefined;
    return numberAt(await this.evaluate(target.index), `the index of ${target.name}`, target.index.span);
  }

  /** `&VAR#` in a string or text line replaced by current values; unknown ones stay as written. */
  private substitute(text: string, span?: SourceSpan): string {
    let length = text.length;
    return withSpan(span ?? this.current, () =>
      substituteVariables(text, (name) => {
        const value = this.variables.textOf(name);
        // Checked as it grows: a line of many long variables must not be built just to be refused.
        // The name is as long as the reference it replaces (upper-casing keeps its length).
        length += value === undefined ? 0 : value.length - name.length;
        checkTextLength(length);
        return value;
      }));
  }
}

function arithmetic(operator: ArithmeticOperator, left: number, right: number): number {
  switch (operator) {
    case "+": return left + right;
    case "-": return left - right;
    case "*": return left * right;
    case "/": return left / right;
  }
}

/**
 * Numeric comparison when both sides are numbers or numeric text (`"10" > "9"`), otherwise
 * case-sensitive comparison of the texts by character code.
 */
function compare(left: ScriptValue, operator: ComparisonOperator, right: ScriptValue): boolean {
  const leftNumber = numericValue(left);
  const rightNumber = numericValue(right);
  const order = leftNumber !== undefined && rightNumber !== undefined
    ? Math.sign(leftNumber - rightNumber)
    : compareText(formatValue(left), formatValue(right));
  switch (operator) {
    case "=": return order === 0;
    case "<>": return order !== 0;
    case "<": return order < 0;
    case ">": return order > 0;
    case "<=": return order <= 0;
    case ">=": return order >= 0;
  }
}

function compareText(left: string, right: string): number {
  if (left === right) return 0;
  return left < right ? -1 : 1;
}

/** Runs `action`, giving a ScriptRuntimeError without a position the position `span`. */
function withSpan<T>(span: SourceSpan, action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (error instanceof ScriptRuntimeError && error.span === undefined) throw new ScriptRuntimeError(error.message, span);
    throw error;
  }
}

function numberAt(value: ScriptValue, purpose: string, span: SourceSpan): number {
  return withSpan(span, () => requireNumber(value, purpose));
}

function requireIntegerAt(value: ScriptValue, purpose: string, span: SourceSpan): number {
  return withSpan(span, () => requireInteger(value, purpose));
}
