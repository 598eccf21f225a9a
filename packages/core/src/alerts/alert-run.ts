// The alert run (docs/decisions/053-saved-searches-and-alerts.md). Every process schedules it; the
// one holding the PostgreSQL lease runs it. It reads what is due, then, a batch of students per
// transaction, claims each alert (a saved search's window moved on only if nobody moved it first,
// a reminder's once-only key inserted, a change's fingerprint moved on) and records one digest
// e-mail per student in the outbox in the same transaction. So a run cut short by a crash sends
// nothing twice when the next run (after a restart, or in another process) picks up the rest, and
// a catalogue import of 10,000 programmes gives each student one e-mail, not 10,000.
import { inArray, sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { wishlistAlertSettings } from "@studyatlas/db/schema/alerts.ts";
import { MONTH_NAMES } from "@studyatlas/schemas/catalogue-constants.ts";

import type { MailMessage } from "../accounts/mail-messages.ts";
import type { FinderIndex } from "../finder/finder-index.ts";
import { intArrayLiteral, selectRows, textArrayLiteral } from "../sql-rows.ts";
import { inTransaction } from "../transactions.ts";
import {
  createSearchRun,
  dueChanges,
  dueReminders,
  nextStudentPage,
  watchNewWishlistItems,
  type DueChange,
  type DueReminder,
  type DueSearch,
  type QuietSearch,
} from "./alert-candidates.ts";
import { alertDigestMessage, type AlertSection } from "./alert-mail.ts";
import { describeChange } from "./changes.ts";
import { acquireLease, releaseLease } from "./lease.ts";
import { ensureWishlistAlertRows } from "./saved-searches.ts";
import { savedSearchPath } from "./saved-query.ts";

export const ALERT_LEASE = "alerts";

export interface AlertRunOptions {
  now: Date;
  /** Who runs: unique per process (a restarted process is a new holder). */
  holder: string;
  publicBaseUrl: string;
  finder?: FinderIndex;
  /** How long the lease lasts; a run longer than this could overlap another (default 10 min). */
  leaseMs?: number;
  /** Students per transaction (default 1000). */
  batchSize?: number;
  /** Told each phase's name and duration in milliseconds (the benchmark prints them). */
  onPhase?: (phase: string, ms: number) => void;
  /**
   * Given each batch's digests once its transaction has committed (the job delivers them over
   * SMTP); with it the run keeps none of them, so its memory stays one page's worth.
   */
  onMails?: (mails: AlertRunResult["mails"]) => Promise<void>;
}

export interface AlertRunResult {
  /** False when another process holds the lease. */
  ran: boolean;
  /** The digests recorded in the outbox, for SMTP delivery (none kept when `onMails` is given). */
  mails: Array<{ id: number; message: MailMessage }>;
  /** How many digests were recorded. */
  recorded: number;
}

interface StudentAlerts {
  searches: DueSearch[];
  reminders: DueReminder[];
  changes: DueChange[];
}

function byStudent(searches: DueSearch[], reminders: DueReminder[], changes: DueChange[]) {
  const students = new Map<number, StudentAlerts>();
  const of = (userId: number) => {
    let entry = students.get(userId);
    if (!entry) {
      entry = { searches: [], reminders: [], changes: [] };
      students.set(userId, entry);
    }
    return entry;
  };
  for (const search of searches) of(search.userId).searches.push(search);
  for (const reminder of reminders) of(reminder.userId).reminders.push(reminder);
  for (const change of changes) of(change.userId).changes.push(change);
  return students;
}

function values(rows: SQL[]): SQL {
  return sql.join(rows, sql`, `);
}

/** Moves each search's window to `now` where it still starts where it was read; the ids moved. */
async function claimSearches(tx: Database, searches: DueSearch[], now: Date) {
  if (searches.length === 0) return new Set<number>();
  const at = now.toISOString();
  const rows = await selectRows<{ id: number }>(
    tx,
    sql`update saved_searches s
        set alerted_until = ${at}::timestamptz, last_sent_at = ${at}::timestamptz
        from unnest(${intArrayLiteral(searches.map((s) => s.id))}::int[],
                    ${textArrayLiteral(searches.map((s) => s.from.toISOString()))}::timestamptz[])
          as v(id, since)
        where s.id = v.id and s.alerted_until = v.since
        returning s.id`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Moves on the windows that gained programmes but no match, where they still start where they
 * were read: nothing to send, so no student's transaction is needed, only one statement per chunk.
 */
async function moveQuietWindows(db: Database, quiet: QuietSearch[], now: Date, chunk: number) {
  const at = now.toISOString();
  for (let start = 0; start < quiet.length; start += chunk) {
    const part = quiet.slice(start, start + chunk);
    await db.execute(
      sql`update saved_searches s set alerted_until = ${at}::timestamptz
          from unnest(${intArrayLiteral(part.map((q) => q.id))}::int[],
                      ${textArrayLiteral(part.map((q) => q.from.toISOString()))}::timestamptz[])
            as v(id, since)
          where s.id = v.id and s.alerted_until = v.since`,
    );
  }
}

/** Inserts each reminder's once-only key; the keys that were new. */
async function claimReminders(tx: Database, reminders: DueReminder[]) {
  if (reminders.length === 0) return new Set<string>();
  const rows = await selectRows<{ user_id: number; key: string }>(
    tx,
    sql`insert into alert_deliveries (user_id, key)
        values ${values(reminders.map((r) => sql`(${r.userId}, ${r.key})`))}
        on conflict do nothing returning user_id, key`,
  );
  return new Set(rows.map((row) => `${row.user_id} ${row.key}`));
}

/** Moves each change's fingerprint on where it is still the one read; the pairs moved. */
async function claimChanges(tx: Database, changes: DueChange[]) {
  if (changes.length === 0) return new Set<string>();
  const rows = await selectRows<{ user_id: number; course_id: number }>(
    tx,
    sql`update wishlist_watches w set fingerprint = v.after
        from (values ${values(
          changes.map((c) => sql`(${c.userId}::int, ${c.courseId}::int, ${c.before}, ${c.after})`),
        )}) as v(user_id, course_id, before, after)
        where w.user_id = v.user_id and w.course_id = v.course_id and w.fingerprint = v.before
        returning w.user_id, w.course_id`,
  );
  return new Set(rows.map((row) => `${row.user_id} ${row.course_id}`));
}

function deadlineText(month: number, year: number): string {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${last} ${MONTH_NAMES[month - 1] ?? ""} ${year}`;
}

function sectionsOf(
  alerts: StudentAlerts,
  tokens: { deadline: string; change: string } | undefined,
): AlertSection[] {
  const sections: AlertSection[] = alerts.searches
    .filter((search) => search.matches.count > 0)
    .map((search) => ({
      kind: "search",
      name: search.name,
      path: savedSearchPath(search.query),
      count: search.matches.count,
      newest: search.matches.newest,
      token: search.token,
    }));
  if (tokens && alerts.reminders.length > 0) {
    sections.push({
      kind: "deadlines",
      token: tokens.deadline,
      reminders: alerts.reminders.map((r) => ({
        name: r.name,
        slug: r.slug,
        deadline: deadlineText(r.deadlineMonth, r.deadlineYear),
        daysLeft: r.daysLeft,
      })),
    });
  }
  const changes = alerts.changes
    .filter((change) => change.alertsOn)
    .map((c) => ({ name: c.name, slug: c.slug, what: describeChange(c.before, c.after) }))
    .filter((change) => change.what.length > 0);
  if (tokens && changes.length > 0) {
    sections.push({ kind: "changes", token: tokens.change, changes });
  }
  return sections;
}

async function recipientsOf(db: Database, userIds: number[]) {
  const rows = await selectRows<{ id: number; email: string; first_name: string }>(
    db,
    sql`select id, email, first_name from users where id = any(${intArrayLiteral(userIds)}::int[])`,
  );
  return new Map(
    rows.map((row) => [Number(row.id), { email: row.email, firstName: row.first_name }]),
  );
}

async function wishlistTokensOf(db: Database, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, { deadline: string; change: string }>();
  await ensureWishlistAlertRows(db, userIds);
  const rows = await db
    .select({
      userId: wishlistAlertSettings.userId,
      deadline: wishlistAlertSettings.deadlineToken,
      change: wishlistAlertSettings.changeToken,
    })
    .from(wishlistAlertSettings)
    .where(inArray(wishlistAlertSettings.userId, userIds));
  return new Map(rows.map((row) => [row.userId, row]));
}

/**
 * Records a batch's digests in the outbox in one statement. The rows travel as one JSON document
 * (`json_to_recordset`): building a thousand-row VALUES list with its eight thousand parameters
 * cost more than the rest of the batch.
 */
async function recordDigests(tx: Database, messages: MailMessage[], now: Date) {
  const rows = await selectRows<{ id: number; to_address: string }>(
    tx,
    sql`insert into mail_outbox (to_address, subject, text, html, kind, link, headers, created_at)
        select m.to_address, m.subject, m.text, m.html, m.kind, m.link, m.headers,
               ${now.toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(
          messages.map((message) => ({
            to_address: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            kind: message.kind,
            link: message.link ?? null,
            headers: message.headers ?? null,
          })),
        )}::json) as m(to_address text, subject text, text text, html text, kind text,
                       link text, headers jsonb)
        returning id, to_address`,
  );
  // One digest per student in a batch: the address tells which row is whose.
  const ids = new Map(rows.map((row) => [row.to_address, Number(row.id)]));
  return messages.map((message) => {
    const id = ids.get(message.to);
    if (id === undefined) throw new Error("An alert digest was not recorded in the outbox");
    return { id, message };
  });
}

/** One transaction: claims a batch of students' alerts and records their digests. */
async function sendBatch(
  db: Database,
  batch: Array<[number, StudentAlerts]>,
  options: AlertRunOptions,
): Promise<Array<{ id: number; message: MailMessage }>> {
  const userIds = batch.map(([userId]) => userId);
  const wishlistUsers = batch
    .filter(([, a]) => a.reminders.length > 0 || a.changes.length > 0)
    .map(([userId]) => userId);
  const [recipients, tokens] = await Promise.all([
    recipientsOf(db, userIds),
    wishlistTokensOf(db, wishlistUsers),
  ]);
  return inTransaction(db, async (tx) => {
    const all = batch.flatMap(([, alerts]) => [alerts]);
    const searches = await claimSearches(
      tx,
      all.flatMap((a) => a.searches),
      options.now,
    );
    const reminders = await claimReminders(
      tx,
      all.flatMap((a) => a.reminders),
    );
    const changes = await claimChanges(
      tx,
      all.flatMap((a) => a.changes),
    );
    const messages: MailMessage[] = [];
    for (const [userId, alerts] of batch) {
      const recipient = recipients.get(userId);
      if (!recipient) continue;
      const claimed: StudentAlerts = {
        searches: alerts.searches.filter((s) => searches.has(s.id)),
        reminders: alerts.reminders.filter((r) => reminders.has(`${r.userId} ${r.key}`)),
        changes: alerts.changes.filter((c) => changes.has(`${c.userId} ${c.courseId}`)),
      };
      const sections = sectionsOf(claimed, tokens.get(userId));
      if (sections.length > 0) {
        messages.push(alertDigestMessage(recipient, sections, options.publicBaseUrl));
      }
    }
    if (messages.length === 0) return [];
    return recordDigests(tx, messages, options.now);
  });
}

/** Adds up each phase's time over the pages, for `onPhase`. */
function phaseClock() {
  const totals = new Map<string, number>();
  let mark = performance.now();
  return {
    lap(phase: string) {
      const at = performance.now();
      totals.set(phase, (totals.get(phase) ?? 0) + at - mark);
      mark = at;
    },
    report(onPhase: AlertRunOptions["onPhase"]) {
      for (const [phase, ms] of totals) onPhase?.(phase, ms);
    },
  };
}

/**
 * Runs every alert that is due at `options.now`, if this process holds the lease: students a page
 * at a time (what is due, claimed and recorded for one page before the next is read), so memory
 * stays one page's worth however many students there are.
 */
export async function runAlerts(db: Database, options: AlertRunOptions): Promise<AlertRunResult> {
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  if (!(await acquireLease(db, ALERT_LEASE, options.holder, options.now, leaseMs))) {
    return { ran: false, mails: [], recorded: 0 };
  }
  const clock = phaseClock();
  try {
    const searchRun = await createSearchRun(db, options.now, options.finder);
    await watchNewWishlistItems(db);
    clock.lap("new programmes read, new wishlist items watched");
    const batchSize = options.batchSize ?? 1000;
    const mails: AlertRunResult["mails"] = [];
    let recorded = 0;
    for (let page = await nextStudentPage(db, 0, batchSize * 10); page;) {
      const { due, quiet } = await searchRun.dueSearches(page);
      clock.lap("saved searches read and matched");
      const reminders = await dueReminders(db, options.now, page);
      const changes = await dueChanges(db, page);
      clock.lap("deadline reminders and wishlist changes read");
      await moveQuietWindows(db, quiet, options.now, batchSize * 10);
      clock.lap("windows without a match moved on");
      // Only the students with something to claim go through a transaction.
      const students = [...byStudent(due, reminders, changes)];
      for (let start = 0; start < students.length; start += batchSize) {
        const sent = await sendBatch(db, students.slice(start, start + batchSize), options);
        recorded += sent.length;
        if (options.onMails) await options.onMails(sent);
        else mails.push(...sent);
      }
      clock.lap("alerts claimed and digests recorded");
      page = await nextStudentPage(db, page.last, batchSize * 10);
    }
    clock.report(options.onPhase);
    return { ran: true, mails, recorded };
  } finally {
    await releaseLease(db, ALERT_LEASE, options.holder);
  }
}
