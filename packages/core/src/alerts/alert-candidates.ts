// What the alert run may send (docs/decisions/053-saved-searches-and-alerts.md), read before it
// claims anything: the saved searches that are due with their new matches, each distinct search
// and window evaluated once however many students saved it; the deadline reminders due and not
// yet sent; the wishlisted programmes whose price or dates moved since the student last heard.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import type { FinderIndex } from "../finder/finder-index.ts";
import type { NewMatches } from "../finder/new-matches.ts";
import { selectRows } from "../sql-rows.ts";
import { daysLeft, deadlineDate, reminderKey, reminderStage } from "./deadlines.ts";
import { parseSavedQuery } from "./saved-query.ts";
import { createSearchMatcher, loadNewProgrammes } from "./search-matcher.ts";

export interface DueSearch {
  id: number;
  userId: number;
  name: string;
  query: string;
  token: string;
  from: Date;
  matches: NewMatches;
}

/** A due search whose window gained programmes, none of which it matches: its window moves on. */
export interface QuietSearch {
  id: number;
  from: Date;
}

/**
 * The saved searches due now: instant ones always, daily and weekly ones a day or a week after
 * their last e-mail; each with what it gained since it was last considered. Those that gained a
 * match are `due`; those whose window gained programmes but no match are `quiet` (their window
 * moves on, nothing is sent); those whose window gained nothing are left as they are, so a run
 * with nothing new writes nothing.
 */
export async function dueSearches(
  db: Database,
  now: Date,
  finder?: FinderIndex,
): Promise<{ due: DueSearch[]; quiet: QuietSearch[] }> {
  const at = now.toISOString();
  const rows = await selectRows<{
    id: number;
    user_id: number;
    name: string;
    query: string;
    token: string;
    from: string | Date;
  }>(
    db,
    sql`select id, user_id, name, query, unsubscribe_token as token, alerted_until as "from"
        from saved_searches
        where frequency <> 'off' and alerted_until < ${at}::timestamptz
          and (frequency = 'instant' or last_sent_at is null
            or last_sent_at <= ${at}::timestamptz
               - case frequency when 'daily' then interval '1 day' else interval '7 days' end)`,
  );
  const due: DueSearch[] = [];
  const quiet: QuietSearch[] = [];
  if (rows.length === 0) return { due, quiet };
  // The programmes first published since the oldest window began, read once (ADR 053); each
  // distinct search and window is then evaluated once, in memory.
  const oldest = rows.reduce(
    (min, row) => Math.min(min, new Date(row.from).getTime()),
    Number.POSITIVE_INFINITY,
  );
  const all = await loadNewProgrammes(db, new Date(oldest), now);
  if (all.length === 0) return { due, quiet };
  const matcher = createSearchMatcher(db, finder);
  const evaluated = new Map<string, NewMatches>();
  const windows = new Map<number, typeof all>();
  for (const row of rows) {
    const from = new Date(row.from);
    let window = windows.get(from.getTime());
    if (!window) {
      window = all.filter((p) => p.publishedAt > from.getTime());
      windows.set(from.getTime(), window);
    }
    if (window.length === 0) continue;
    const key = `${from.toISOString()} ${row.query}`;
    let matches = evaluated.get(key);
    if (!matches) {
      const parsed = parseSavedQuery(row.query);
      matches = parsed.success
        ? await matcher.matchesOf(parsed.data, window, { from, to: now })
        : { count: 0, newest: [] };
      evaluated.set(key, matches);
    }
    if (matches.count === 0) {
      quiet.push({ id: Number(row.id), from });
      continue;
    }
    due.push({
      id: Number(row.id),
      userId: Number(row.user_id),
      name: row.name,
      query: row.query,
      token: row.token,
      from,
      matches,
    });
  }
  return { due, quiet };
}

export interface DueReminder {
  userId: number;
  courseId: number;
  name: string;
  slug: string;
  deadlineMonth: number;
  deadlineYear: number;
  daysLeft: number;
  key: string;
}

/**
 * Deadline reminders due today and never sent: wishlisted public programmes whose deadline
 * (deadlines.ts) is 30 days away or nearer, for students who have not turned reminders off.
 */
export async function dueReminders(db: Database, now: Date): Promise<DueReminder[]> {
  const today = now.toISOString().slice(0, 10);
  // SQL narrows to the last 31 days before a deadline; deadlines.ts decides the stage and key.
  const rows = await selectRows<{
    user_id: number;
    course_id: number;
    name: string;
    slug: string;
    deadline_month: number;
    deadline_year: number;
  }>(
    db,
    sql`select w.user_id, c.id as course_id, c.name, c.slug, c.deadline_month, c.deadline_year
        from wishlist_items w
        join courses c on c.id = w.course_id
        left join wishlist_alert_settings s on s.user_id = w.user_id
        where c.published and c.deadline_month between 1 and 12 and c.deadline_year > 0
          and coalesce(s.deadline_reminders, true)
          and ((make_date(c.deadline_year, c.deadline_month, 1) + interval '1 month')::date - 1)
              between ${today}::date and ${today}::date + 31`,
  );
  const due: DueReminder[] = [];
  for (const row of rows) {
    const [month, year] = [Number(row.deadline_month), Number(row.deadline_year)];
    const deadline = deadlineDate(month, year);
    const days = deadline ? daysLeft(deadline, now) : -1;
    const stage = reminderStage(days);
    if (!stage) continue;
    due.push({
      userId: Number(row.user_id),
      courseId: Number(row.course_id),
      name: row.name,
      slug: row.slug,
      deadlineMonth: month,
      deadlineYear: year,
      daysLeft: days,
      key: reminderKey(Number(row.course_id), month, year, stage),
    });
  }
  return unsent(db, due);
}

/** Leaves out the reminders already sent. */
async function unsent(db: Database, reminders: DueReminder[]): Promise<DueReminder[]> {
  if (reminders.length === 0) return reminders;
  const sent = await selectRows<{ user_id: number; key: string }>(
    db,
    sql`select user_id, key from alert_deliveries
        where (user_id, key) in (${sql.join(
          reminders.map((r) => sql`(${r.userId}::int, ${r.key})`),
          sql`, `,
        )})`,
  );
  const known = new Set(sent.map((row) => `${row.user_id} ${row.key}`));
  return reminders.filter((r) => !known.has(`${r.userId} ${r.key}`));
}

/** What a change alert compares: the fee, its currency and period, the start and the deadline. */
const FINGERPRINT = sql`jsonb_build_object(
    'fee', c.tuition_fee, 'currency', cur.short_code, 'base', c.tuition_fee_base,
    'start', array[c.start_month, c.start_year], 'deadline', array[c.deadline_month, c.deadline_year]
  )::text`;

export interface Fingerprint {
  fee: number;
  currency: string;
  base: string;
  start: [number, number];
  deadline: [number, number];
}

export interface DueChange {
  userId: number;
  courseId: number;
  name: string;
  slug: string;
  before: string;
  after: string;
  alertsOn: boolean;
}

/**
 * Wishlisted programmes whose price or dates differ from what the student last heard. A
 * programme newly wishlisted is recorded as it is now, without an alert.
 */
export async function dueChanges(db: Database): Promise<DueChange[]> {
  await db.execute(
    sql`insert into wishlist_watches (user_id, course_id, fingerprint)
        select w.user_id, w.course_id, ${FINGERPRINT}
        from wishlist_items w
        join courses c on c.id = w.course_id
        join currencies cur on cur.id = c.tuition_currency_id
        where not exists (select 1 from wishlist_watches ww
                          where ww.user_id = w.user_id and ww.course_id = w.course_id)
        on conflict do nothing`,
  );
  const rows = await selectRows<{
    user_id: number;
    course_id: number;
    name: string;
    slug: string;
    before: string;
    after: string;
    alerts_on: boolean;
  }>(
    db,
    sql`select ww.user_id, c.id as course_id, c.name, c.slug, ww.fingerprint as before,
               ${FINGERPRINT} as after, coalesce(s.change_alerts, true) as alerts_on
        from wishlist_watches ww
        join courses c on c.id = ww.course_id
        join currencies cur on cur.id = c.tuition_currency_id
        left join wishlist_alert_settings s on s.user_id = ww.user_id
        where ww.fingerprint <> ${FINGERPRINT} and c.published`,
  );
  return rows.map((row) => ({
    userId: Number(row.user_id),
    courseId: Number(row.course_id),
    name: row.name,
    slug: row.slug,
    before: row.before,
    after: row.after,
    alertsOn: Boolean(row.alerts_on),
  }));
}
