// The student's own applications and saved applicant profile (docs/decisions/057-student-loop.md).
// Every read is the caller's own: identity comes from the session, so another student's
// application is never in the answer.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { APPLICATION_MESSAGES } from "@studyatlas/schemas/applications.ts";
import {
  STUDENT_STATUS_LABELS,
  type ApplicantProfile,
  type ApplicationForCourse,
  type ApplicationStatus,
  type MyApplication,
} from "@studyatlas/schemas/my-applications.ts";

import { listCountryOptions } from "../catalogue/countries.ts";
import { ValidationError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";

interface MyApplicationRow {
  id: number;
  created_at: Date | string;
  course_id: number;
  course_name: string;
  course_slug: string;
  school_name: string;
  school_slug: string;
  status: ApplicationStatus;
  chat_id: number | null;
}

const MY_APPLICATION_COLUMNS = sql`a.id, a.created_at, co.id as course_id, co.name as course_name,
  co.slug as course_slug, s.name as school_name, s.slug as school_slug,
  coalesce(ls.status, 'new') as status,
  (select ch.id from chats ch where ch.application_id = a.id order by ch.id limit 1) as chat_id`;

const MY_APPLICATION_FROM = sql`applications a
  join courses co on co.id = a.course_id
  join schools s on s.id = co.school_id
  left join lead_states ls on ls.application_id = a.id`;

function toMyApplication(row: MyApplicationRow): MyApplication {
  return {
    id: Number(row.id),
    created_at: new Date(row.created_at).toISOString(),
    programme: { id: Number(row.course_id), name: row.course_name, slug: row.course_slug },
    school: { name: row.school_name, slug: row.school_slug },
    status: row.status,
    status_label: STUDENT_STATUS_LABELS[row.status],
    chat_id: row.chat_id === null ? null : Number(row.chat_id),
  };
}

/** The caller's applications, newest first. */
export async function listMyApplications(db: Database, userId: number): Promise<MyApplication[]> {
  const rows = await selectRows<MyApplicationRow>(
    db,
    sql`select ${MY_APPLICATION_COLUMNS} from ${MY_APPLICATION_FROM}
        where a.user_id = ${userId} order by a.created_at desc, a.id desc limit 500`,
  );
  return rows.map(toMyApplication);
}

interface ProfileRow {
  title: string;
  sex: string;
  country_id: number;
  nationality_id: number;
  date_of_birth: string;
  phone_number: string;
  address: string;
  city: string;
  zip_code: string;
}

/** The caller's saved applicant profile, or null before their first application or save. */
export async function getApplicantProfile(
  db: Database,
  userId: number,
): Promise<ApplicantProfile | null> {
  const row = await selectOne<ProfileRow>(
    db,
    sql`select title, sex, country_id, nationality_id, date_of_birth::text as date_of_birth,
          phone_number, address, city, zip_code
        from applicant_profiles where user_id = ${userId}`,
  );
  if (!row) return null;
  return {
    title: row.title as ApplicantProfile["title"],
    sex: row.sex as ApplicantProfile["sex"],
    country: Number(row.country_id),
    nationality: Number(row.nationality_id),
    date_of_birth: row.date_of_birth,
    phone_number: row.phone_number,
    address: row.address,
    city: row.city,
    zip_code: row.zip_code,
  };
}

/** Whether the caller applied to `courseId`, and the profile the form starts with. */
export async function applicationForCourse(
  db: Database,
  userId: number,
  courseId: number,
): Promise<ApplicationForCourse> {
  const [row, profile] = await Promise.all([
    selectOne<MyApplicationRow>(
      db,
      sql`select ${MY_APPLICATION_COLUMNS} from ${MY_APPLICATION_FROM}
          where a.user_id = ${userId} and a.course_id = ${courseId}`,
    ),
    getApplicantProfile(db, userId),
  ]);
  return { application: row ? toMyApplication(row) : null, profile };
}

/**
 * Writes the profile (an application's fields, or the /applications form). Runs inside the
 * application's own transaction when given one, so an application and its profile agree.
 */
export async function upsertApplicantProfile(
  db: Database,
  userId: number,
  profile: ApplicantProfile,
): Promise<void> {
  await db.execute(
    sql`insert into applicant_profiles (user_id, title, sex, country_id, nationality_id,
          date_of_birth, phone_number, address, city, zip_code, updated_at)
        values (${userId}, ${profile.title}, ${profile.sex}, ${profile.country},
          ${profile.nationality}, ${profile.date_of_birth}, ${profile.phone_number},
          ${profile.address}, ${profile.city}, ${profile.zip_code}, now())
        on conflict (user_id) do update set title = excluded.title, sex = excluded.sex,
          country_id = excluded.country_id, nationality_id = excluded.nationality_id,
          date_of_birth = excluded.date_of_birth, phone_number = excluded.phone_number,
          address = excluded.address, city = excluded.city, zip_code = excluded.zip_code,
          updated_at = now()`,
  );
}

/** Saves the caller's profile from /applications; an unknown country is a 400 on its field. */
export async function saveApplicantProfile(
  db: Database,
  userId: number,
  profile: ApplicantProfile,
): Promise<ApplicantProfile> {
  const found = await selectRows<{ id: number }>(
    db,
    sql`select id from countries where id in (${profile.country}, ${profile.nationality})`,
  );
  const known = new Set(found.map((row) => Number(row.id)));
  const errors: Record<string, string[]> = {};
  if (!known.has(profile.country)) errors.country = [APPLICATION_MESSAGES.country];
  if (!known.has(profile.nationality)) errors.nationality = [APPLICATION_MESSAGES.country];
  if (Object.keys(errors).length > 0) {
    throw new ValidationError(APPLICATION_MESSAGES.country, { errors });
  }
  await upsertApplicantProfile(db, userId, profile);
  return profile;
}

/** The /applications page: the caller's applications, their saved profile and the countries. */
export async function loadMyApplicationsPage(db: Database, userId: number) {
  const [applications, profile, countries] = await Promise.all([
    listMyApplications(db, userId),
    getApplicantProfile(db, userId),
    listCountryOptions(db, { enabledOnly: false }),
  ]);
  return {
    applications,
    profile,
    countries: countries.map((country) => ({ id: Number(country.id), name: country.name })),
  };
}
