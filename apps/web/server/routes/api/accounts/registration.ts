// Student and partner sign-up (docs/spec/accounts-and-details.md §7 account/register,
// account/register_partner).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

import { signUp } from "@studyatlas/core/accounts/sign-up.ts";
import type { NewUser } from "@studyatlas/core/accounts/users.ts";
import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";
import {
  MessageSchema,
  RegisterPartnerSchema,
  RegisterSchema,
} from "@studyatlas/schemas/accounts.ts";

import { runAfterResponse } from "../../../plugins/after-response.ts";
import { isCookieClient, setSignUpCookie } from "../../../plugins/auth.ts";
import { ACCOUNT_ERRORS, ACCOUNT_TAGS, type AccountRouteOptions } from "./account-options.ts";
import { messageBody } from "../message-body.ts";

/** The sign-up form's fields as a new user. */
function newUserOf(body: {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
}): NewUser {
  return {
    firstName: body.first_name,
    lastName: body.last_name,
    email: body.email,
    password: body.password,
  };
}

export async function registrationRoutes(app: FastifyInstance, options: AccountRouteOptions) {
  const { services, mailer } = options;
  const { db, publicBaseUrl } = services;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /**
   * The same answer for a new address and a known one (core/accounts/sign-up.ts); the e-mail
   * goes out after it. Our web app's browser is marked, so that the verification link signs it in.
   */
  async function register(request: FastifyRequest, reply: FastifyReply, input: NewUser) {
    const { send } = await signUp(db, input, { mailer, publicBaseUrl, ip: request.ip });
    runAfterResponse(request, send);
    if (isCookieClient(request)) setSignUpCookie(reply, options.auth, input.email);
    return reply.code(201).send(messageBody(MESSAGES.signUpCheckEmail));
  }

  api.post("/account/register", {
    schema: {
      body: RegisterSchema,
      tags: ACCOUNT_TAGS,
      summary:
        "Sign up as a student (201, the same answer whether or not the address has an account); the e-mailed link finishes it",
      response: { 201: MessageSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request, reply) => register(request, reply, newUserOf(request.body)),
  });

  api.post("/account/register_partner", {
    schema: {
      body: RegisterPartnerSchema,
      tags: ACCOUNT_TAGS,
      summary:
        "Sign up as a partner (201, as for students); it signs in after verifying its e-mail",
      response: { 201: MessageSchema, ...ACCOUNT_ERRORS },
    },
    handler: async (request, reply) =>
      register(request, reply, {
        ...newUserOf(request.body),
        role: "partner",
        organization: request.body.organization,
        organisationKind: request.body.organisation_kind,
      }),
  });
}
