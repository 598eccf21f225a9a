// Newsletter subscriptions (docs/spec/discovery.md §3 "Newsletter subscriber", §4 "Newsletter", §7
// subscription/add). One row per address, unique ignoring case. Every newsletter e-mail carries
// a one-click unsubscribe link holding a random token; only its SHA-256 is stored. The token keeps
// working as "already unsubscribed" after use, so a second click is harmless.
import { eq, sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { newsletterSubscribers } from "@studyatlas/db/schema/engagement.ts";

import { randomToken, sha256 } from "../accounts/secrets.ts";

export type SubscribeOutcome =
  | { status: "subscribed"; unsubscribeToken: string; resubscribed: boolean }
  | { status: "already_subscribed" };

export interface SubscriberInput {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Subscribes an address. An active subscription is left alone ("already subscribed"); an
 * unsubscribed one is renewed with the new names and a new unsubscribe token.
 */
export async function subscribe(db: Database, input: SubscriberInput): Promise<SubscribeOutcome> {
  const token = randomToken();
  const tokenHash = sha256(token);
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      unsubscribeTokenHash: tokenHash,
    })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length > 0)
    return { status: "subscribed", unsubscribeToken: token, resubscribed: false };

  // The address is known: renew it only if it had unsubscribed (one statement, so two
  // simultaneous requests cannot both renew it).
  const renewed = await db
    .update(newsletterSubscribers)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      unsubscribeTokenHash: tokenHash,
      subscribedAt: new Date(),
      unsubscribedAt: null,
    })
    .where(
      sql`lower(${newsletterSubscribers.email}) = lower(${input.email})
          and ${newsletterSubscribers.unsubscribedAt} is not null`,
    )
    .returning({ id: newsletterSubscribers.id });
  if (renewed.length > 0)
    return { status: "subscribed", unsubscribeToken: token, resubscribed: true };
  return { status: "already_subscribed" };
}

export type UnsubscribeOutcome = "unsubscribed" | "already_unsubscribed" | "invalid";

/** What an unsubscribe link would do, without doing it (the page shows it before the click). */
export async function checkUnsubscribeToken(
  db: Database,
  token: string,
): Promise<UnsubscribeOutcome> {
  const [row] = await db
    .select({ unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, sha256(token)))
    .limit(1);
  if (!row) return "invalid";
  return row.unsubscribedAt ? "already_unsubscribed" : "unsubscribed";
}

/** Unsubscribes the subscription the token belongs to; a second use changes nothing. */
export async function unsubscribe(db: Database, token: string): Promise<UnsubscribeOutcome> {
  const tokenHash = sha256(token);
  const updated = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: new Date() })
    .where(
      sql`${newsletterSubscribers.unsubscribeTokenHash} = ${tokenHash}
          and ${newsletterSubscribers.unsubscribedAt} is null`,
    )
    .returning({ id: newsletterSubscribers.id });
  if (updated.length > 0) return "unsubscribed";
  const state = await checkUnsubscribeToken(db, token);
  return state === "invalid" ? "invalid" : "already_unsubscribed";
}

export async function findSubscriber(db: Database, email: string) {
  const [row] = await db
    .select()
    .from(newsletterSubscribers)
    .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/** The page every newsletter e-mail links to; it unsubscribes with one click. */
export function unsubscribePageUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** RFC 8058 one-click target for mail clients (List-Unsubscribe with List-Unsubscribe-Post). */
export function unsubscribeApiUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/api/subscription/unsubscribe?token=${encodeURIComponent(token)}`;
}
