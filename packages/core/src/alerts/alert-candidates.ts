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

/** A page of students, by id (the run reads and sends page by page). */
export interface StudentPage {
  first: number;
  last: number;
}

/** The next `size` students after `after`; undefined after the last. */
export async function nextStudentPage(
  db: Database,
  after: number,
  size: number,
): Promise<StudentPage | undefined> {
  const [page] = await selectRows<{ first: number | null; last: number | null }>(
    db,
    sql`select min(id) as first, max(id) as last
        from (select id from users where id > ${after} order by id limit ${size}) page`,
  );
  if (page?.first === null || page?.first === undefined) return undefined;
  return { first: Number(page.first), last: Number(page.last) };
}

/** Which saved searches are due at `now`: instant ones always, digests a day or a week on. */
const dueAt = (at: string) =>
  sql`frequency <> 'off' and alerted_until < ${at}::timestamptz
      and (frequency = 'instant' or last_sent_at is null
        or last_sent_at <= ${at}::timestamptz
           - case frequency when 'daily' then interval '1 day' else interval '7 days' end)`;

/**
 * Evaluates the run's due saved searches, page by page. The programmes first published since the
 * oldest due window began are read once for the run (ADR 053); each distinct search and window
 * is evaluated once, in memory, however many students (on whichever page) saved it. When no
 * programme was published since, no saved search is read at all.
 */
export async function createSearchRun(db: Database, now: Date, finder?: FinderIndex) {
  const at = now.toISOString();
  const [oldest] = await selectRows<{ from: string | Date | null }>(
    db,
    sql`select min(alerted_until) as "from" from saved_searches where ${dueAt(at)}`,
  );
  const start =
    oldest?.from === null || oldest?.from === undefined ? undefined : new Date(oldest.from);
  const all = start ? await loadNewProgrammes(db, start, now) : [];
  const matcher = createSearchMatcher(db, finder);
  const evaluated = new Map<string, NewMatches>();
  const windows = new Map<number, typeof all>();

  /**
   * The page's due searches: those that gained a match are `due`; those whose window gained
   * programmes but no match are `quiet` (their window moves on, nothing is sent); those whose
   * window gained nothing are left as they are, so a run with nothing new writes nothing.
   */
  async function dueSearches(
    page: StudentPage,
  ): Promise<{ due: DueSearch[]; quiet: QuietSearch[] }> {
    const due: DueSearch[] = [];
    const quiet: QuietSearch[] = [];
    if (all.length === 0) return { due, quiet };
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
          where user_id between ${page.first} and ${page.last} and ${dueAt(at)}`,
    );
    for (const row of rows) {
      const from = new Date(row.from);
      // Saved after the run began with an older window (a clock set back): the next run's.
      if (!start || from < start) continue;
      let window = windows.get(from.getTime());
      if (!window) {
        window = all.filter((p) => p.publishedAt > from.getTime());
        windows.set(from.getTime(), window);
      }
      if (window.length === 0) continue;
      const key = `${from.getTime()} ${row.query}`;
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

  return { dueSearches };
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
export async function dueReminders(
  db: Database,
  now: Date,
  page: StudentPage,
): Promise<DueReminder[]> {
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
        where w.user_id between ${page.first} and ${page.last}
          and c.published and c.deadline_month between 1 and 12 and c.deadline_year > 0
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

/** Records what the students were told of newly wishlisted programmes: as they are now, silently. */
export async function watchNewWishlistItems(db: Database): Promise<void> {
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
}

/** The page's wishlisted programmes whose price or dates differ from what the student last heard. */
export async function dueChanges(db: Database, page: StudentPage): Promise<DueChange[]> {
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
        where ww.user_id between ${page.first} and ${page.last}
          and ww.fingerprint <> ${FINGERPRINT} and c.published`,
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
