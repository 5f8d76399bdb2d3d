import type { ScriptValue } from "./host";
import { ScriptRuntimeError } from "./script-runtime-error";

/**
 * Longest text a script may build (substitution, STR_CAT, STR_SUBSTITUTE, FORMAT). A loop that
 * doubles a string would otherwise exhaust the engine's memory long before the step limit.
 */
export const MAX_TEXT_LENGTH = 1_000_000;

// Decimal numbers as users write them in VARA values and prompts; no exponents, no hex.
const NUMERIC_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * The number a value stands for: numbers as they are, strings when they are decimal numbers
 * (surrounding blanks ignored), otherwise undefined.
 */
export function numericValue(value: ScriptValue): number | undefined {
  if (typeof value === "number") return value;
  const trimmed = value.trim();
  return NUMERIC_TEXT.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * How a value reads in text (:PRINT, substitution, string functions). Numbers are rounded to 15
 * significant digits so `0.1 + 0.2` prints as `0.3`, and integers print without a decimal point.
 */
export function formatValue(value: ScriptValue): string {
  if (typeof value === "string") return value;
  const rounded = Number(value.toPrecision(15));
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

/** The value as a number, or a runtime error naming what it is used for. */
export function requireNumber(value: ScriptValue, purpose: string): number {
  const number = numericValue(value);
  if (number === undefined) throw new ScriptRuntimeError(`${purpose} must be a number, not ${quote(value)}`);
  return number;
}

/** The value as a whole number, or a runtime error naming what it is used for. */
export function requireInteger(value: ScriptValue, purpose: string): number {
  const number = numericValue(value);
  if (number === undefined || !Number.isInteger(number)) {
    throw new ScriptRuntimeError(`${purpose} must be a whole number, not ${quote(value)}`);
  }
  return number;
}

/** Refuses text longer than MAX_TEXT_LENGTH; `length` lets callers check before building it. */
export function checkTextLength(length: number): void {
  if (length > MAX_TEXT_LENGTH) {
    throw new ScriptRuntimeError(`text of ${length} characters is longer than the ${MAX_TEXT_LENGTH} allowed`);
  }
}

/** A value quoted for a message, cut short when long so errors stay readable. */
export function quote(value: ScriptValue): string {
  const characters = Array.from(formatValue(value).slice(0, 122));
  return `'${characters.length > 60 ? `${characters.slice(0, 57).join("")}...` : characters.join("")}'`;
}
