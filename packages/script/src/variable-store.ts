import type { VariableType } from "./ast";
import type { ScriptValue } from "./host";
import { ScriptRuntimeError } from "./script-runtime-error";
import { formatValue, numericValue, quote } from "./script-values";

/** Untyped variables take any value; :DEFINE'd ones convert on every assignment. */
type Slot =
  | { readonly kind: "untyped"; value: ScriptValue }
  | { readonly kind: "typed"; readonly type: VariableType; value: ScriptValue }
  | { readonly kind: "array"; readonly type: VariableType; readonly values: ScriptValue[] };

/**
 * The variables of one run, by upper-case `&NAME#`. Errors are ScriptRuntimeErrors without a
 * span; the evaluator knows which statement or expression to blame.
 */
export class VariableStore {
  private readonly slots = new Map<string, Slot>();

  constructor(initial: ReadonlyMap<string, ScriptValue> | undefined) {
    for (const [name, value] of initial ?? []) this.slots.set(name.toUpperCase(), { kind: "untyped", value });
  }

  /** :DEFINE: a typed variable (or array of `size`) holding "" or 0. */
  define(name: string, type: VariableType, size: number | undefined): void {
    if (this.slots.has(name)) throw new ScriptRuntimeError(`variable '${name}' is already defined`);
    const initial: ScriptValue = type === "string" ? "" : 0;
    this.slots.set(
      name,
      size === undefined
        ? { kind: "typed", type, value: initial }
        : { kind: "array", type, values: new Array<ScriptValue>(size).fill(initial) },
    );
  }

  /** The value of `name`, or of element `index` (1-based) when given. */
  read(name: string, index: number | undefined): ScriptValue {
    const slot = this.slots.get(name);
    if (slot === undefined) throw new ScriptRuntimeError(`variable '${name}' is not defined`);
    if (slot.kind !== "array") {
      if (index !== undefined) throw new ScriptRuntimeError(`variable '${name}' is not an array`);
      return slot.value;
    }
    if (index === undefined) throw new ScriptRuntimeError(`'${name}' is an array; read an element such as ${name}[1]`);
    return slot.values[checkedIndex(name, slot.values.length, index)] ?? "";
  }

  /**
   * Throws unless `name` (or its element `index`) can be assigned: separate from `write` so the
   * evaluator can blame the target for these errors and the value for conversion errors.
   */
  checkTarget(name: string, index: number | undefined): void {
    const slot = this.slots.get(name);
    if (index !== undefined) {
      if (slot === undefined) throw new ScriptRuntimeError(`variable '${name}' is not defined`);
      if (slot.kind !== "array") throw new ScriptRuntimeError(`variable '${name}' is not an array`);
      checkedIndex(name, slot.values.length, index);
    } else if (slot?.kind === "array") {
      throw new ScriptRuntimeError(`'${name}' is an array; assign an element such as ${name}[1]`);
    }
  }

  /** Assigns `value` (converted to the variable's type) to `name` or its element `index`. */
  write(name: string, index: number | undefined, value: ScriptValue): void {
    this.checkTarget(name, index);
    const slot = this.slots.get(name);
    if (slot?.kind === "array" && index !== undefined) {
      slot.values[checkedIndex(name, slot.values.length, index)] = convert(slot.type, value, `${name}[${index}]`);
    } else if (slot?.kind === "typed") {
      slot.value = convert(slot.type, value, name);
    } else {
      this.slots.set(name, { kind: "untyped", value });
    }
  }

  /** The value to substitute for `&NAME#` in text: undefined for unknown variables and arrays. */
  textOf(name: string): string | undefined {
    const slot = this.slots.get(name);
    return slot === undefined || slot.kind === "array" ? undefined : formatValue(slot.value);
  }

  /** Every variable that holds a single value (arrays have no ScriptValue to report). */
  snapshot(): Map<string, ScriptValue> {
    const values = new Map<string, ScriptValue>();
    for (const [name, slot] of this.slots) if (slot.kind !== "array") values.set(name, slot.value);
    return values;
  }
}

function checkedIndex(name: string, size: number, index: number): number {
  if (!Number.isInteger(index) || index < 1 || index > size) {
    throw new ScriptRuntimeError(`index ${formatValue(index)} is outside the array ${name}[1..${size}]`);
  }
  return index - 1;
}

/**
 * A value in a typed variable's type. Signed and unsigned drop decimals (toward zero), unsigned
 * refuses negatives, numeric types refuse text that is not a number.
 */
function convert(type: VariableType, value: ScriptValue, name: string): ScriptValue {
  if (type === "string") return formatValue(value);
  const number = numericValue(value);
  if (number === undefined) throw new ScriptRuntimeError(`the ${type} variable '${name}' cannot hold ${quote(value)}`);
  if (type === "float") return number;
  // + 0 turns -0 (from truncating -0.5) into 0.
  const whole = Math.trunc(number) + 0;
  if (type === "unsigned" && whole < 0) {
    throw new ScriptRuntimeError(`the unsigned variable '${name}' cannot hold ${formatValue(number)}`);
  }
  return whole;
}
