// Demo analytics (docs/decisions/015-programme-analytics.md "Demo data": the demo partner's
// organisation has a school with programmes, some leads and 90 days of plausible view counts).
// Deterministic for a seed: per programme a popularity, per day a weekday/weekend rhythm, a slow
// upward trend and some noise; visitors by country; and a few wishlist saves and applications by
// demo students (`demo-student-NN@demo.studyatlas.test`, who cannot sign in: they have no
// password).
//
// Idempotent: day totals are written with `greatest(existing, seeded)`, students, saves and
// applications with "on conflict do nothing", so a second run adds nothing, and real views
// counted today by the beacon are never lowered.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { createRandom, type Random } from "@studyatlas/db/seed/random.ts";

import { selectRows } from "../../sql-rows.ts";
import { addDays, utcDay } from "./period.ts";
import { UNKNOWN_COUNTRY } from "./page-views.ts";

export const DEMO_STUDENT_DOMAIN = "demo.studyatlas.test";
export const DEMO_STUDENTS = 40;

export interface DemoAnalyticsOptions {
  schoolIds: readonly number[];
  /** Days of view counts, ending today (90 fills the 30-day view and its previous period). */
  days?: number;
  seed: number;
  /** "Today"; the clock otherwise. */
  now?: Date;
}

export interface DemoAnalyticsSummary {
  programmes: number;
  viewDays: number;
  students: number;
  applications: number;
  wishlistSaves: number;
}

/** Where demo visitors and students live, with weights; the rest of the visitors are 'unknown'. */
const DEMO_COUNTRIES: readonly [code: string, weight: number][] = [
  ["IN", 18],
  ["NG", 12],
  ["US", 10],
  ["GB", 8],
  ["DE", 7],
  ["CN", 7],
  ["BR", 6],
  ["PK", 5],
  ["KE", 4],
  ["VN", 4],
  ["MX", 3],
  ["FR", 3],
];
const UNKNOWN_SHARE = 0.3;

const FIRST_NAMES = [
  "Amara",
  "Ravi",
  "Lena",
  "Chen",
  "Tomás",
  "Aisha",
  "Noah",
  "Priya",
  "Kofi",
  "Mai",
];
const LAST_NAMES = [
  "Okafor",
  "Sharma",
  "Müller",
  "Wang",
  "Silva",
  "Khan",
  "Smith",
  "Nguyen",
  "Mwangi",
  "García",
];

/** Relative traffic by weekday (Sunday first): students browse less at weekends. */
const WEEKDAY_FACTOR = [0.55, 1.05, 1.1, 1.05, 1.0, 0.85, 0.6];

function intArray(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(",")}}`;
}

/** Splits `total` over weights, whole numbers that add up to it (largest remainders). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

interface DayRow {
  courseId: number;
  schoolId: number;
  day: string;
  views: number;
  visitors: number;
}

/** The seeded view totals of one programme, oldest day first. */
export function demoProgrammeDays(
  random: Random,
  programme: { courseId: number; schoolId: number },
  days: number,
  today: string,
): DayRow[] {
  // Popularity: most programmes get a handful of visitors a day, a few get many.
  const popularity = 3 + 60 * random.next() ** 3;
  const rows: DayRow[] = [];
  for (let index = 0; index < days; index += 1) {
    const day = addDays(today, index - days + 1);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const trend = 0.8 + 0.4 * (index / Math.max(1, days - 1));
    const noise = 0.75 + 0.5 * random.next();
    const visitors = Math.round(popularity * WEEKDAY_FACTOR[weekday]! * trend * noise);
    // Some visitors look more than once (and the beacon counts up to a few views each).
    const views = visitors === 0 ? 0 : visitors + Math.round(visitors * 0.4 * random.next());
    if (views > 0) rows.push({ ...programme, day, views, visitors });
  }
  return rows;
}

async function insertInBatches<T>(
  rows: readonly T[],
  size: number,
  write: (batch: readonly T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await write(rows.slice(start, start + size));
  }
}

export async function seedDemoAnalytics(
  db: Database,
  options: DemoAnalyticsOptions,
): Promise<DemoAnalyticsSummary> {
  const days = options.days ?? 90;
  const now = options.now ?? new Date();
  const today = utcDay(now);
  const random = createRandom(options.seed, 1315);
  const programmes = (
    await selectRows<{ id: number; school_id: number }>(
      db,
      sql`select c.id, c.school_id from courses c
          where c.school_id = any(${intArray(options.schoolIds)}::int[]) and c.published
          order by c.id`,
    )
  ).map((row) => ({ courseId: Number(row.id), schoolId: Number(row.school_id) }));
  const countries = await demoCountries(db);
  const dayRows = programmes.flatMap((programme) =>
    demoProgrammeDays(random, programme, days, today),
  );
  await writeViewDays(db, dayRows, countries);
  const students = await ensureDemoStudents(db, random, countries.known, countries.ids);
  const leads = await seedDemoLeads(
    db,
    random,
    { programmes, dayRows, students },
    {
      today,
      days,
      now,
    },
  );
  return {
    programmes: programmes.length,
    viewDays: dayRows.length,
    students: students.length,
    ...leads,
  };
}

interface DemoCountries {
  /** The demo countries the database has, with their weights. */
  known: (readonly [string, number])[];
  ids: Map<string, number>;
  /** Every country code visitors are shared among, the unknown country last. */
  codes: string[];
  /** Their weights, in the same order. */
  weights: number[];
}

async function demoCountries(db: Database): Promise<DemoCountries> {
  const countryRows = await selectRows<{ id: number; code: string }>(
    db,
    sql`select id, code from countries
        where code = any(${`{${DEMO_COUNTRIES.map(([code]) => code).join(",")}}`}::text[])`,
  );
  const ids = new Map(countryRows.map((row) => [row.code, Number(row.id)]));
  const known = DEMO_COUNTRIES.filter(([code]) => ids.has(code));
  const weights = known.map(([, weight]) => weight);
  const total = weights.reduce((a, b) => a + b, 0);
  // The unknown share rides along as one more weight.
  return {
    known,
    ids,
    codes: [...known.map(([code]) => code), UNKNOWN_COUNTRY],
    weights: [...weights, (total * UNKNOWN_SHARE) / (1 - UNKNOWN_SHARE)],
  };
}

/** The day totals and their split by visitor country; never lowers what the beacon counted. */
async function writeViewDays(
  db: Database,
  dayRows: readonly DayRow[],
  countries: DemoCountries,
): Promise<void> {
  await insertInBatches(dayRows, 1000, (batch) =>
    db.execute(sql`insert into programme_view_days as d (course_id, day, school_id, views, visitors)
      select * from unnest(${intArray(batch.map((r) => r.courseId))}::int[],
        ${`{${batch.map((r) => r.day).join(",")}}`}::date[],
        ${intArray(batch.map((r) => r.schoolId))}::int[],
        ${intArray(batch.map((r) => r.views))}::int[],
        ${intArray(batch.map((r) => r.visitors))}::int[])
      on conflict (course_id, day) do update
        set views = greatest(d.views, excluded.views), visitors = greatest(d.visitors, excluded.visitors)`),
  );
  const countryDayRows = dayRows.flatMap((row) => {
    const visitors = apportion(row.visitors, countries.weights);
    const views = apportion(row.views, countries.weights);
    return countries.codes.flatMap((code, index) =>
      views[index]! > 0 ? [{ ...row, code, visitors: visitors[index]!, views: views[index]! }] : [],
    );
  });
  await insertInBatches(countryDayRows, 1000, (batch) =>
    db.execute(sql`insert into programme_view_countries as k
        (course_id, day, country_code, school_id, views, visitors)
      select * from unnest(${intArray(batch.map((r) => r.courseId))}::int[],
        ${`{${batch.map((r) => r.day).join(",")}}`}::date[],
        ${`{${batch.map((r) => r.code).join(",")}}`}::text[],
        ${intArray(batch.map((r) => r.schoolId))}::int[],
        ${intArray(batch.map((r) => r.views))}::int[],
        ${intArray(batch.map((r) => r.visitors))}::int[])
      on conflict (course_id, day, country_code) do update
        set views = greatest(k.views, excluded.views), visitors = greatest(k.visitors, excluded.visitors)`),
  );
}

/** A few applications and wishlist saves per programme, in proportion to its visitors. */
async function seedDemoLeads(
  db: Database,
  random: Random,
  seeded: {
    programmes: readonly { courseId: number }[];
    dayRows: readonly DayRow[];
    students: readonly DemoStudent[];
  },
  when: { today: string; days: number; now: Date },
): Promise<{ applications: number; wishlistSaves: number }> {
  const { students } = seeded;
  let applications = 0;
  let wishlistSaves = 0;
  for (const programme of seeded.programmes) {
    // About 1 in 60 visitors applies and 1 in 25 saves: a few leads per programme.
    const visits = seeded.dayRows
      .filter((row) => row.courseId === programme.courseId)
      .reduce((sum, row) => sum + row.visitors, 0);
    const order = random.shuffle(students);
    const applicants = order.slice(0, Math.min(students.length, Math.round(visits / 60)));
    const savers = order.slice(0, Math.min(students.length, Math.round(visits / 25)));
    for (const student of applicants) {
      const at = demoInstant(random, when.today, when.days, when.now);
      const inserted = await selectRows<{ id: number }>(
        db,
        sql`insert into applications (user_id, course_id, title, first_name, last_name, email, sex,
              country_id, nationality_id, date_of_birth, phone_number, address, city, zip_code, created_at)
            values (${student.id}, ${programme.courseId}, ${student.title}, ${student.firstName},
              ${student.lastName}, ${student.email}, ${student.sex}, ${student.countryId},
              ${student.countryId}, ${student.dateOfBirth}, ${student.phone}, '1 Demo Street',
              'Demo City', '00000', ${at.toISOString()}::timestamptz)
            on conflict (user_id, course_id) do nothing
            returning id`,
      );
      applications += inserted.length;
    }
    for (const student of savers) {
      const at = demoInstant(random, when.today, when.days, when.now);
      const inserted = await selectRows<{ user_id: number }>(
        db,
        sql`insert into wishlist_items (user_id, course_id, created_at)
            values (${student.id}, ${programme.courseId}, ${at.toISOString()}::timestamptz)
            on conflict do nothing returning user_id`,
      );
      wishlistSaves += inserted.length;
    }
  }
  return { applications, wishlistSaves };
}

/** A moment within the seeded days, later days a little likelier (the same trend as views). */
function demoInstant(random: Random, today: string, days: number, now: Date): Date {
  const index = Math.floor(days * Math.sqrt(random.next()));
  const day = addDays(today, Math.min(days - 1, index) - days + 1);
  const seconds = random.int(6 * 3600, 22 * 3600);
  const at = new Date(Date.parse(`${day}T00:00:00Z`) + seconds * 1000);
  // Never in the future: today's moments stay before now.
  return at.getTime() > now.getTime() ? new Date(Date.parse(`${day}T00:00:00Z`)) : at;
}

interface DemoStudent {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  title: "Mr" | "Miss";
  sex: "Male" | "Female" | "Other";
  countryId: number;
  dateOfBirth: string;
  phone: string;
}

async function ensureDemoStudents(
  db: Database,
  random: Random,
  countries: readonly (readonly [string, number])[],
  countryIds: ReadonlyMap<string, number>,
): Promise<DemoStudent[]> {
  const weights = countries.map(([, weight]) => weight);
  const cumulative = new Float64Array(weights.length);
  weights.reduce((sum, weight, index) => (cumulative[index] = sum + weight), 0);
  const students: DemoStudent[] = [];
  for (let n = 1; n <= DEMO_STUDENTS; n += 1) {
    const number = String(n).padStart(2, "0");
    const email = `demo-student-${number}@${DEMO_STUDENT_DOMAIN}`;
    const firstName = FIRST_NAMES[(n - 1) % FIRST_NAMES.length]!;
    const lastName = LAST_NAMES[(n * 7) % LAST_NAMES.length]!;
    const female = n % 2 === 1;
    const [code] = countries[random.indexWeighted(cumulative)] ?? ["", 0];
    const countryId = countryIds.get(code) ?? 0;
    const rows = await selectRows<{ id: number }>(
      db,
      sql`insert into users (email, first_name, last_name, email_verified, role, referral_code)
          values (${email}, ${firstName}, ${lastName}, true, 'student', ${`DEMOSTUDENT${number}`})
          on conflict do nothing returning id`,
    );
    const created = rows[0];
    if (created) {
      await db.execute(
        sql`insert into client_profiles (user_id, country_of_residence_id, nationality_id)
            values (${created.id}, ${countryId}, ${countryId}) on conflict do nothing`,
      );
    }
    const existing = await selectRows<{ id: number; country_id: number | null }>(
      db,
      sql`select u.id, p.country_of_residence_id as country_id from users u
          left join client_profiles p on p.user_id = u.id where lower(u.email) = ${email}`,
    );
    const row = existing[0];
    if (!row || countryId === 0) continue;
    students.push({
      id: Number(row.id),
      email,
      firstName,
      lastName,
      title: female ? "Miss" : "Mr",
      sex: female ? "Female" : "Male",
      countryId: row.country_id === null ? countryId : Number(row.country_id),
      dateOfBirth: `${1995 + (n % 8)}-0${1 + (n % 9)}-1${n % 10}`,
      phone: `+1555010${number}`,
    });
  }
  return students;
}
