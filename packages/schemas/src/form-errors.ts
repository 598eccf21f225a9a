// Browser forms validate with the same zod schemas as the API (docs/decisions/004-api-conventions.md): this turns
// a schema's verdict into the one message each field shows, the first issue of that field.
import type { z } from "zod";

export type FieldMessages<K extends string = string> = Partial<Record<K, string>>;

/** The first message per top-level field; an empty object when the values pass. */
export function fieldErrorsOf<T extends z.ZodType>(
  schema: T,
  values: unknown,
): FieldMessages<Extract<keyof z.input<T>, string>> {
  const result = schema.safeParse(values);
  const messages: FieldMessages<Extract<keyof z.input<T>, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? "") as Extract<keyof z.input<T>, string>;
      messages[field] ??= issue.message;
    }
  }
  return messages;
}
