// Helpers for this package's tests only (not exported from the index).
import type { z } from 'zod';
import { toFieldErrors } from './auth';

/** The first message per field when parsing fails; {} when it succeeds. */
export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : toFieldErrors(result.error);
}

/** The parsed value; throws with the field errors when parsing fails. */
export function parseOk<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new Error(`Expected success, got ${JSON.stringify(toFieldErrors(result.error))}`);
  return result.data;
}
