import { z } from "zod";

export const OutError = z.object({
  code: z.int(),
  error: z.string(),
  details: z.string(),
});
export type OutError = z.infer<typeof OutError>;

export const OutValidationError = z.object({
  code: z.int(),
  error: z.string(),
  path: z.string(),
  invalid_value: z.unknown(),
  /** Baton extension for script errors: 1-based line and column in the script. */
  line: z.int().optional(),
  column: z.int().optional(),
});
export type OutValidationError = z.infer<typeof OutValidationError>;
