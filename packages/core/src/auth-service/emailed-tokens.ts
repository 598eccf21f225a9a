// The auth service's e-mails of a code and a link (sign-up confirmation, magic link, recovery,
// invite, e-mail change, reauthentication), issued through the one-time tokens both doors share
// (../accounts/one-time-tokens.ts; docs/decisions/013-auth-service.md). Mail goes out after the
// answer, so known and unknown addresses answer alike.
import { eq } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { users, type OneTimeTokenType } from "@studyatlas/db/schema/accounts.ts";

import { authServiceMessage, type Mailer } from "../accounts/mail-messages.ts";
import { issueOneTimeToken } from "../accounts/one-time-tokens.ts";
import { consumeLimit } from "../accounts/rate-limit.ts";
import type { UserRow } from "../accounts/users.ts";
import { createFlowState, type CodeChallenge } from "./flow-state.ts";
import { limitsOf, type GoTrueSettings } from "./gotrue-settings.ts";

export interface AuthMailContext {
  mailer: Mailer;
  /** `{PUBLIC_BASE_URL}/auth/v1`: where e-mailed links verify. */
  authBaseUrl: string;
  /** Where the user lands after a link (an allowed redirect_to, else the site). */
  redirectTo: string;
  ip: string;
  /**
   * GoTrue's secure e-mail change (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED): a change waits for
   * both addresses' links. On unless false.
   */
  secureEmailChange?: boolean | undefined;
  /** GoTrue's settings (ADR 049); the product's defaults when absent. */
  gotrue?: GoTrueSettings | undefined;
}

/** Work to run after the answer has gone out, so known and unknown addresses answer alike. */
export type Deferred = () => Promise<void>;
export const NOTHING: Deferred = async () => {};

export function verifyLink(
  context: Pick<AuthMailContext, "authBaseUrl" | "redirectTo">,
  tokenHash: string,
  type: string,
): string {
  // GoTrue's link (templatemailer's encodeRedirectURL): redirect_to as it is unless it holds
  // `&`, `=` or `#`, which are escaped (auth-js's tests read the address back in the link).
  const redirect = /[&=#]/.test(context.redirectTo)
    ? encodeURIComponent(context.redirectTo)
    : context.redirectTo;
  return `${context.authBaseUrl}/verify?token=${encodeURIComponent(tokenHash)}&type=${encodeURIComponent(type)}&redirect_to=${redirect}`;
}

/** The token types that are e-mailed; texted codes are phone-codes.ts's (ADR 064). */
export type EmailedTokenType = Exclude<OneTimeTokenType, "phone_confirmation" | "phone_change">;

/** The GET /verify type of a token type (the link says which flow it finishes). */
const LINK_TYPE: Record<EmailedTokenType, string> = {
  signup: "signup",
  magiclink: "magiclink",
  recovery: "recovery",
  invite: "invite",
  email_change_current: "email_change",
  email_change_new: "email_change",
  reauthentication: "reauthentication",
};

/** The user column GoTrue stamps when it e-mails a token of each type. */
function sentColumnOf(type: OneTimeTokenType, at: Date): Partial<UserRow> {
  switch (type) {
    case "recovery":
      return { recoverySentAt: at };
    case "reauthentication":
      return { reauthenticationSentAt: at };
    case "email_change_new":
    case "email_change_current":
      return { emailChangeSentAt: at };
    case "invite":
      return { invitedAt: at };
    default:
      return { confirmationSentAt: at };
  }
}

/** Issues a code and link of `type` for `user` and e-mails them to `address`. */
export async function sendOneTimeToken(
  db: Database,
  user: UserRow,
  type: EmailedTokenType,
  address: string,
  context: Pick<AuthMailContext, "mailer" | "authBaseUrl" | "redirectTo">,
  flow?: CodeChallenge,
): Promise<{ code: string; tokenHash: string; link: string }> {
  const flowState = flow
    ? await createFlowState(db, { ...flow, userId: user.id, method: LINK_TYPE[type] })
    : undefined;
  const issued = await issueOneTimeToken(db, {
    userId: user.id,
    type,
    address,
    flowStateId: flowState?.id,
    withCode: true,
  });
  const link = verifyLink(context, issued.tokenHash, LINK_TYPE[type]);
  // Stamped before the mail goes, so whoever has read the mail sees the user say it was sent.
  await db.update(users).set(sentColumnOf(type, new Date())).where(eq(users.id, user.id));
  await context.mailer.send(authServiceMessage(type, address, issued.code, link));
  return { ...issued, link };
}

/**
 * At most one e-mail per address a minute (GoTrue's SMTP max frequency). Counted before the
 * answer for known and unknown addresses alike, so the 429 tells nothing about the address.
 */
export async function limitEmail(
  db: Database,
  address: string,
  kind: string,
  settings?: GoTrueSettings,
): Promise<void> {
  const limits = limitsOf(settings);
  // GOTRUE_RATE_LIMIT_EMAIL_SENT, when set, caps the e-mails the whole service sends (ADR 049).
  if (limits.emailSent) await consumeLimit(db, limits.emailSent, "all");
  // Per kind, as GoTrue keeps confirmation_sent_at, recovery_sent_at... apart.
  if (limits.emailPerAddress.max === Number.MAX_SAFE_INTEGER) return;
  await consumeLimit(db, limits.emailPerAddress, `${kind}:${address.trim().toLowerCase()}`);
}
