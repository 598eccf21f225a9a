// My currency (docs/decisions/052-my-currency-and-compare.md): `PUT /api/currency` keeps the
// currency a student reads fees in, in a cookie for everyone and on the account when signed in, so
// the next page is server-rendered in it. A code we have no rate for is a 400, never a 500.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { assertKnownCurrency, saveAccountCurrency } from "@studyatlas/core/currency/my-currency.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  CURRENCY_COOKIE,
  CURRENCY_COOKIE_MAX_AGE_SECONDS,
} from "@studyatlas/schemas/my-currency-rules.ts";
import { MyCurrencySchema, MyCurrencyUpdateSchema } from "@studyatlas/schemas/my-currency.ts";

import type { AppServices } from "../../../../app/context.ts";

export async function myCurrencyRoutes(
  app: FastifyInstance,
  options: { services: AppServices; secureCookies: boolean },
) {
  const { db } = options.services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put("/currency", {
    schema: {
      tags: ["currency"],
      summary: "Choose the currency fees are shown in (a cookie; on the account when signed in)",
      body: MyCurrencyUpdateSchema,
      response: { 200: MyCurrencySchema, 400: ApiErrorSchema, 403: ApiErrorSchema },
    },
    handler: async (request, reply) => {
      const code = await assertKnownCurrency(db, request.body.currency);
      const user = request.auth?.user;
      if (user) await saveAccountCurrency(db, Number(user.id), code);
      // Readable by nothing but the server: pages are rendered in it, scripts never need it.
      void reply.setCookie(CURRENCY_COOKIE, code, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: options.secureCookies,
        maxAge: CURRENCY_COOKIE_MAX_AGE_SECONDS,
      });
      return { currency: code, saved_to_account: Boolean(user) };
    },
  });
}
