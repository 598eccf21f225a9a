// Lead webhooks (docs/decisions/016-organisations-and-dashboards.md "Lead delivery"): a new lead is
// posted as JSON to the URL a partner sets, so it reaches their CRM. Each request is signed:
// `StudyAtlas-Signature: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}" with the
// organisation's secret}` (the scheme Stripe uses: the timestamp lets the receiver refuse replays).
// A failed delivery (no 2xx within 10 s) is retried after 1 min, 5 min, 30 min, 2 h and 12 h, then
// given up; every attempt is in the log.
//
// Deliveries are rows: any process may deliver a due one; a process takes a batch by moving its
// `next_attempt_at` ahead (a lease, under SKIP LOCKED), so two processes never post one delivery
// at the same time, and a process that dies mid-way leaves it due again when the lease ends.
//
// Server-side request forgery (public-address.ts): the URL must be http(s) on a public address.
// An IP literal that is not public is refused when the URL is saved; a name is resolved when it is
// saved (for a clear answer at once) and again by the socket of every attempt, which connects only
// to the address it checked. `allowPrivate` lifts the check (tests, a private deployment). The
// log the partner reads says "delivered", "failed (HTTP <status>)" or "failed", never why a
// connection failed (that would map the internal network); the detail goes to the server's log.
import { createHmac } from "node:crypto";
import { isIP } from "node:net";

import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { randomToken } from "../accounts/secrets.ts";
import { ValidationError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { inTransaction } from "../transactions.ts";
import { auditActorOf, recordAudit } from "./audit-log.ts";
import { organisationEntry, type PartnerScope } from "./organisations.ts";
import { isPublicAddress, systemResolver, type Resolver } from "./public-address.ts";
import { postWebhook } from "./webhook-request.ts";

/** Minutes before the second, third, ... attempt; after the last one the delivery gives up. */
export const WEBHOOK_RETRY_MINUTES = [1, 5, 30, 120, 720] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_MINUTES.length + 1;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How long a process holds a delivery it is attempting. */
const LEASE_MS = 2 * 60_000;

export const WEBHOOK_MESSAGES = {
  badUrl: "Give the full address of your endpoint, starting with https://.",
  privateUrl:
    "This address is not reachable from the internet; give your endpoint's public address.",
  badEmail: "Give a valid e-mail address for new leads.",
} as const;

export interface WebhookOptions {
  allowPrivate: boolean;
  /** Resolves host names (the system resolver by default; tests give their own). */
  resolver?: Resolver | undefined;
}

/** What the partner's log says of an attempt: no network detail (see the head of this file). */
export const DELIVERY_RESULTS = {
  failed: "failed",
  failedWithStatus: (status: number) => `failed (HTTP ${status})`,
} as const;

/** `localhost` and its subdomains name this machine whatever DNS says (RFC 6761 §6.3). */
const LOCAL_NAME = /(^|\.)localhost\.?$/i;

/** Throws a field error unless `url` is an https address on a public host (see below for http). */
export async function assertWebhookUrl(url: string, options: WebhookOptions): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError(WEBHOOK_MESSAGES.badUrl, {
      errors: { webhook_url: [WEBHOOK_MESSAGES.badUrl] },
    });
  }
  if (!["https:", "http:"].includes(parsed.protocol) || parsed.username || parsed.password) {
    throw new ValidationError(WEBHOOK_MESSAGES.badUrl, {
      errors: { webhook_url: [WEBHOOK_MESSAGES.badUrl] },
    });
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  const badUrl = () =>
    new ValidationError(WEBHOOK_MESSAGES.badUrl, {
      errors: { webhook_url: [WEBHOOK_MESSAGES.badUrl] },
    });
  // Leads are personal data: they travel over https only. A deployment that allows private
  // addresses (development, tests) may post to a receiver on this machine or its network over
  // plain http: a local name or address, or a name that resolves to private addresses only.
  const local = LOCAL_NAME.test(host) || (isIP(host) !== 0 && !isPublicAddress(host));
  if (parsed.protocol !== "https:" && !local) {
    if (!options.allowPrivate) throw badUrl();
    const addresses = await addressesOf(host, options);
    if (addresses.length === 0 || addresses.some(isPublicAddress)) throw badUrl();
    return parsed;
  }
  if (options.allowPrivate) return parsed;
  const addresses = await addressesOf(host, options);
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw new ValidationError(WEBHOOK_MESSAGES.privateUrl, {
      errors: { webhook_url: [WEBHOOK_MESSAGES.privateUrl] },
    });
  }
  if (parsed.protocol !== "https:") throw badUrl();
  return parsed;
}

/** The addresses a webhook's host stands for; none when the lookup fails. */
async function addressesOf(host: string, options: WebhookOptions): Promise<string[]> {
  try {
    return LOCAL_NAME.test(host)
      ? ["127.0.0.1"]
      : isIP(host)
        ? [host]
        : (await (options.resolver ?? systemResolver)(host)).map((entry) => entry.address);
  } catch {
    return [];
  }
}

export interface PartnerSettings {
  lead_email: string | null;
  webhook_url: string | null;
  /** Shown to the partner so that their endpoint can check signatures. */
  webhook_secret: string | null;
}

export async function getPartnerSettings(
  db: Database,
  scope: PartnerScope,
): Promise<PartnerSettings> {
  const row = await selectOne<PartnerSettings>(
    db,
    sql`select lead_email, webhook_url, webhook_secret from organisations
        where id = ${scope.organisation.id}`,
  );
  return row ?? { lead_email: null, webhook_url: null, webhook_secret: null };
}

/**
 * Saves the lead address and the webhook URL (empty: none); a secret is made on first use. The
 * change is in the audit log (audit-log.ts), the secret only as "created", never its value.
 */
export async function savePartnerSettings(
  db: Database,
  scope: PartnerScope,
  input: { lead_email: string | null; webhook_url: string | null; userId: number },
  options: WebhookOptions,
): Promise<PartnerSettings> {
  const url = input.webhook_url ? (await assertWebhookUrl(input.webhook_url, options)).href : null;
  const organisation = scope.organisation;
  await inTransaction(db, async (tx) => {
    const current = await selectOne<{
      lead_email: string | null;
      webhook_url: string | null;
      has_secret: boolean;
    }>(
      tx,
      sql`select lead_email, webhook_url, webhook_secret is not null as has_secret
          from organisations where id = ${organisation.id} for update`,
    );
    await tx.execute(
      sql`update organisations
          set lead_email = ${input.lead_email},
              webhook_url = ${url},
              webhook_secret = coalesce(webhook_secret, ${url ? randomToken(24) : null})
          where id = ${organisation.id}`,
    );
    const before: Record<string, unknown> = {
      lead_email: current?.lead_email ?? null,
      webhook_url: current?.webhook_url ?? null,
    };
    const after: Record<string, unknown> = { lead_email: input.lead_email, webhook_url: url };
    if (url && !current?.has_secret) {
      before.webhook_secret = null;
      after.webhook_secret = SECRET_CREATED;
    }
    await recordAudit(tx, {
      ...organisationEntry(organisation),
      action: "update",
      actor: await auditActorOf(tx, input.userId),
      before,
      after,
    });
  });
  return getPartnerSettings(db, scope);
}

/** The audit log's words for a secret: its value is never written there. */
const SECRET_CREATED = "created";
const SECRET_ROTATED = "rotated";

/** A new secret; signatures made with the old one stop matching at once. */
export async function rotateWebhookSecret(
  db: Database,
  scope: PartnerScope,
  userId: number,
): Promise<PartnerSettings> {
  await inTransaction(db, async (tx) => {
    await tx.execute(
      sql`update organisations set webhook_secret = ${randomToken(24)}
          where id = ${scope.organisation.id}`,
    );
    await recordAudit(tx, {
      ...organisationEntry(scope.organisation),
      action: "rotate_secret",
      actor: await auditActorOf(tx, userId),
      after: { webhook_secret: SECRET_ROTATED },
    });
  });
  return getPartnerSettings(db, scope);
}

/** The lead as posted: what a CRM needs to create a contact. */
async function leadPayload(db: Database, applicationId: number) {
  return selectOne<{
    organisation_id: number;
    webhook_url: string | null;
    payload: string;
  }>(
    db,
    sql`select o.id as organisation_id, o.webhook_url,
          json_build_object(
            'event', 'lead.created',
            'lead', json_build_object(
              'id', a.id, 'created_at', a.created_at, 'title', a.title,
              'first_name', a.first_name, 'last_name', a.last_name, 'email', a.email,
              'phone_number', a.phone_number, 'sex', a.sex, 'date_of_birth', a.date_of_birth,
              'country', co.name, 'nationality', na.name, 'address', a.address, 'city', a.city,
              'zip_code', a.zip_code, 'referral_code', a.referral_code,
              'programme', json_build_object('id', c.id, 'name', c.name, 'slug', c.slug),
              'school', json_build_object('id', s.id, 'name', s.name)))::text as payload
        from applications a
        join courses c on c.id = a.course_id
        join schools s on s.id = c.school_id
        join organisation_schools l on l.school_id = s.id
        join organisations o on o.id = l.organisation_id and o.status = 'approved'
        join countries co on co.id = a.country_id
        join countries na on na.id = a.nationality_id
        where a.id = ${applicationId}`,
  );
}

/** Queues the new lead for the organisation's webhook, when it has one. */
export async function enqueueLeadWebhook(db: Database, applicationId: number): Promise<boolean> {
  const lead = await leadPayload(db, applicationId);
  if (!lead?.webhook_url) return false;
  await db.execute(
    sql`insert into webhook_deliveries (organisation_id, event, url, payload, next_attempt_at)
        values (${lead.organisation_id}, 'lead.created', ${lead.webhook_url}, ${lead.payload}, now())`,
  );
  return true;
}

/** Queues a `ping` event, so a partner can check their endpoint and its signature check. */
export async function enqueueTestWebhook(db: Database, scope: PartnerScope): Promise<boolean> {
  const settings = await getPartnerSettings(db, scope);
  if (!settings.webhook_url) return false;
  const payload = JSON.stringify({
    event: "ping",
    organisation: { id: scope.organisation.id, name: scope.organisation.name },
  });
  await db.execute(
    sql`insert into webhook_deliveries (organisation_id, event, url, payload, next_attempt_at)
        values (${scope.organisation.id}, 'ping', ${settings.webhook_url}, ${payload}, now())`,
  );
  return true;
}

export function webhookSignature(secret: string, timestamp: number, body: string): string {
  const digest = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${digest}`;
}

interface DueDelivery {
  id: number;
  organisation_id: number;
  event: string;
  url: string;
  payload: string;
  attempts: number;
  secret: string | null;
}

/**
 * Attempts the due deliveries (up to `limit`), each once; answers how many were attempted. Runs
 * in any process (routes/api/dashboards/webhook-worker.ts), as often as it likes.
 */
export async function deliverDueWebhooks(
  db: Database,
  options: WebhookOptions & { log?: Logger | undefined; limit?: number; now?: number },
): Promise<number> {
  const now = options.now ?? Date.now();
  // Due by the database's own clock, the one that stamped the deliveries (an injected time in
  // tests): this process's clock, in whole milliseconds, may not have reached a row stamped a
  // fraction of a millisecond ago.
  const dueBy =
    options.now === undefined
      ? sql`clock_timestamp()`
      : sql`${new Date(options.now).toISOString()}::timestamptz`;
  const due = await selectRows<DueDelivery>(
    db,
    sql`update webhook_deliveries d
        set next_attempt_at = ${new Date(now + LEASE_MS).toISOString()}
        from organisations o
        where o.id = d.organisation_id and d.id in (
          select id from webhook_deliveries
          where delivered_at is null and next_attempt_at <= ${dueBy}
          order by next_attempt_at, id limit ${options.limit ?? 20}
          for update skip locked)
        returning d.id, d.organisation_id, d.event, d.url, d.payload, d.attempts,
                  o.webhook_secret as secret`,
  );
  await Promise.all(
    due.map(async (delivery) => {
      let status: number | null = null;
      let error: string | null = null;
      try {
        // The address is checked by the attempt's own socket (webhook-request.ts).
        const url = await assertWebhookUrl(delivery.url, {
          allowPrivate: true,
          resolver: options.resolver,
        });
        const timestamp = Math.floor(Date.now() / 1000);
        const headers = {
          "content-type": "application/json",
          "user-agent": "StudyAtlas-Webhooks/1",
          "studyatlas-event": delivery.event,
          "studyatlas-delivery": String(delivery.id),
          "studyatlas-signature": webhookSignature(
            delivery.secret ?? "",
            timestamp,
            delivery.payload,
          ),
        };
        status = await postWebhook(url, headers, delivery.payload, {
          allowPrivate: options.allowPrivate,
          resolver: options.resolver,
          timeoutMs: WEBHOOK_TIMEOUT_MS,
        });
        if (status < 200 || status >= 300) error = DELIVERY_RESULTS.failedWithStatus(status);
      } catch (caught) {
        error = DELIVERY_RESULTS.failed;
        options.log?.info(
          { err: caught, deliveryId: delivery.id, organisationId: delivery.organisation_id },
          "webhook attempt failed",
        );
      }
      const attempts = Number(delivery.attempts) + 1;
      const retryMinutes = WEBHOOK_RETRY_MINUTES[attempts - 1];
      const next =
        error === null || retryMinutes === undefined
          ? null
          : new Date(now + retryMinutes * 60_000).toISOString();
      await db.execute(
        sql`update webhook_deliveries
            set attempts = ${attempts}, last_status = ${status}, last_error = ${error},
                delivered_at = ${error === null ? sql`now()` : sql`null`},
                next_attempt_at = ${next}
            where id = ${delivery.id}`,
      );
    }),
  );
  return due.length;
}

export interface WebhookDelivery {
  id: number;
  event: string;
  url: string;
  attempts: number;
  status: "delivered" | "retrying" | "failed";
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** The organisation's latest deliveries, newest first (the log the partner reads). */
export async function listWebhookDeliveries(
  db: Database,
  scope: PartnerScope,
): Promise<WebhookDelivery[]> {
  const rows = await selectRows<{
    id: number;
    event: string;
    url: string;
    attempts: number;
    last_status: number | null;
    last_error: string | null;
    next_attempt_at: Date | string | null;
    created_at: Date | string;
    delivered_at: Date | string | null;
  }>(
    db,
    sql`select id, event, url, attempts, last_status, last_error, next_attempt_at, created_at,
               delivered_at
        from webhook_deliveries where organisation_id = ${scope.organisation.id}
        order by id desc limit 50`,
  );
  const iso = (value: Date | string | null) =>
    value === null ? null : new Date(value).toISOString();
  return rows.map((row) => ({
    id: Number(row.id),
    event: row.event,
    url: row.url,
    attempts: Number(row.attempts),
    status: row.delivered_at ? "delivered" : row.next_attempt_at ? "retrying" : "failed",
    last_status: row.last_status === null ? null : Number(row.last_status),
    // Rows written before the log was narrowed may hold network detail: only the result shows.
    last_error:
      row.last_error === null
        ? null
        : row.last_status === null
          ? DELIVERY_RESULTS.failed
          : DELIVERY_RESULTS.failedWithStatus(Number(row.last_status)),
    next_attempt_at: iso(row.next_attempt_at),
    created_at: iso(row.created_at)!,
    delivered_at: iso(row.delivered_at),
  }));
}
