// The API's schemas for my currency and the compare tray (docs/decisions/052-my-currency-and-compare.md).
import { z } from "zod";

import {
  COMPARE_LIMIT,
  COMPARE_MESSAGES,
  CURRENCY_CODE_PATTERN,
  MY_CURRENCY_MESSAGES,
} from "./my-currency-rules.ts";

export const CurrencyCodeSchema = z
  .string({ error: MY_CURRENCY_MESSAGES.invalidCode })
  .trim()
  .toUpperCase()
  .regex(CURRENCY_CODE_PATTERN, { error: MY_CURRENCY_MESSAGES.invalidCode });

export const MyCurrencyUpdateSchema = z.object({ currency: CurrencyCodeSchema });

export const MyCurrencySchema = z.object({
  currency: z.string(),
  /** Whether the account keeps it (signed in) or only this browser's cookie. */
  saved_to_account: z.boolean(),
});

export const CompareTrayUpdateSchema = z.object({
  ids: z
    .array(z.number({ error: COMPARE_MESSAGES.notProgrammeIds }).int().positive(), {
      error: COMPARE_MESSAGES.notProgrammeIds,
    })
    .max(COMPARE_LIMIT, { error: COMPARE_MESSAGES.tooMany })
    .refine((ids) => new Set(ids).size === ids.length, { error: COMPARE_MESSAGES.duplicate }),
});

export const CompareTraySchema = z.object({ ids: z.array(z.number().int()) });
