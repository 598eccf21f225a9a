// Field types shared by the server's environment schemas (config-schema.ts, config-schema-gotrue.ts).
import { z } from "zod";

/** A whole number given as text ("30"). */
export const positiveCount = z
  .string()
  .trim()
  .regex(/^\d+$/, "must be a whole number")
  .transform(Number);
