// Student and partner sign-up (docs/spec/accounts-and-details.md §7 account/register,
// account/register_partner).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { RATE_LIMITS, consumeLimit, recordEvent } from "@studyatlas/core/accounts/rate-limit.ts";
import { sendVerificationEmail } from "@studyatlas/core/accounts/recovery.ts";
import { createUser, type NewUser } from "@studyatlas/core/accounts/users.ts";
import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";
import {
  MessageSchema,
  RegisterPartnerSchema,
  RegisterSchema,
  TokenPairSchema,
} from "@studyatlas/schemas/accounts.ts";

import { ACCOUNT_ERRORS, ACCOUNT_TAGS, type AccountRouteOptions } from "./account-options.ts";
import { messageBody } from "../message-body.ts";
import { startSession } from "./start-session.ts";

export async function registrationRoutes(app: FastifyInstance, options: AccountRouteOptions) {
  const { services, mailer } = options;
  const { db, publicBaseUrl } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Creates the account and sends the verification e-mail, within the sign-up limits. */
  async function register(ip: string, input: NewUser) {
    await consumeLimit(db, RATE_LIMITS.registerIp, ip);
    const user = await createUser(db, input);
    await sendVerificationEmail(db, user, { mailer, publicBaseUrl });
    // The sign-up e-mail counts towards "one e-mail per address per minute".
    await recordEvent(db, RATE_LIMITS.verificationEmailPerAddress, user.email);
    return user;
  }

  api.post("/account/register", {
    schema: {
      body: RegisterSchema,
      tags: ACCOUNT_TAGS,
      summary: "Create a student account (201) and sign in",
      response: { 201: TokenPairSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request, reply) => {
      const { body } = request;
      const user = await register(request.ip, {
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        password: body.password,
      });
      const tokens = await startSession(db, options.auth, request, reply, user);
      return reply.code(201).send({ ...tokens, message: MESSAGES.accountCreated });
    },
  });

  api.post("/account/register_partner", {
    schema: {
      body: RegisterPartnerSchema,
      tags: ACCOUNT_TAGS,
      summary: "Create a partner account (201); it signs in after verifying its e-mail",
      response: { 201: MessageSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request, reply) => {
      const { body } = request;
      await register(request.ip, {
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        password: body.password,
        role: "partner",
        organization: body.organization,
      });
      return reply.code(201).send(messageBody(MESSAGES.accountCreated));
    },
  });
}
