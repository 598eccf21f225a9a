// Helpers for query-string schemas: Fastify hands a repeated key over as an array and a single
// key as a string. Messages name the parameter through the issue path (see server error handler).
import { z } from "zod";

type Raw = string | string[] | undefined;

/** The last value of a key that may have been repeated (DRF reads the last one too). */
function lastValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.at(-1);
  return value;
}

/** A list from a repeatable key; comma lists are not split (tuition and duration use commas). */
function allValues(value: unknown): unknown {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item) => typeof item !== "string" || item.trim() !== "");
}

export function single<T extends z.ZodType>(schema: T) {
  return z.preprocess((value: Raw) => {
    const last = lastValue(value);
    return typeof last === "string" && last.trim() === "" ? undefined : last;
  }, schema);
}

export function repeatable<T extends z.ZodType>(item: T) {
  return z.preprocess((value: Raw) => allValues(value), z.array(item));
}

export function wholeNumber(min: number, max: number) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: `must be a whole number from ${min} to ${max}, not '${value}'`,
        });
      }
    })
    .transform(Number);
}

export const booleanParam = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    if (!["true", "false", "1", "0"].includes(value)) {
      ctx.addIssue({ code: "custom", message: `must be true or false, not '${value}'` });
    }
  })
  .transform((value) => value === "true" || value === "1");
