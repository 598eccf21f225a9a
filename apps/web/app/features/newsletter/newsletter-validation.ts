// The newsletter block's checks, with the API's own schema (one validation per boundary: ADR 022),
// loaded when the visitor first submits rather than with the home page, because it brings zod
// (docs/decisions/019-first-paint.md).
import { SubscriptionSchema } from "@studyatlas/schemas/engagement.ts";
import { fieldErrorsOf } from "@studyatlas/schemas/form-errors.ts";

/** The block asks for the address first, then the names in the dialog: one schema, two steps. */
const EmailStepSchema = SubscriptionSchema.pick({ email: true });
const NameStepSchema = SubscriptionSchema.pick({ first_name: true, last_name: true });

export function emailStepError(email: string): string | undefined {
  return fieldErrorsOf(EmailStepSchema, { email }).email;
}

export function nameStepErrors(firstName: string, lastName: string) {
  const found = fieldErrorsOf(NameStepSchema, { first_name: firstName, last_name: lastName });
  return { firstName: found.first_name, lastName: found.last_name };
}
