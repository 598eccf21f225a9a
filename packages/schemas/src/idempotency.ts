// The `Idempotency-Key` request header of creating requests
// (docs/decisions/055-lead-exports-and-idempotent-create.md): an opaque key the client makes once
// per thing it means to create (the web form uses a random UUID), printable ASCII without spaces.
import { z } from "zod";

export const IDEMPOTENCY_HEADER = "idempotency-key";

export const IDEMPOTENCY_KEY_MESSAGE =
  "The Idempotency-Key header must be 8 to 200 printable characters without spaces.";

export const IdempotencyHeadersSchema = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{8,200}$/, IDEMPOTENCY_KEY_MESSAGE)
    .optional(),
});
