// The school profile a partner edits (about, video, city, logo and banner): only the schools linked
// to the partner's approved organisation, narrowed in SQL (another organisation's school answers
// 404 like one that does not exist). Each change is written with its audit entry in one transaction
// (audit-log.ts), the school row locked so two saves never record the same "before". The `schools`
// trigger tells every app process that the catalogue changed, so the public school page shows the
// change at once (docs/decisions/037-school-profile-and-uploaded-images.md).
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { SchoolImageKind, SchoolProfile } from "@studyatlas/schemas/school-profile.ts";
import type { z } from "zod";
import type { SchoolProfileBodySchema } from "@studyatlas/schemas/school-profile.ts";

import { NotFoundError } from "../errors.ts";
import { selectOne, selectRows } from "../sql-rows.ts";
import { inTransaction } from "../transactions.ts";
import { recordAudit, type AuditActor } from "./audit-log.ts";
import type { PartnerScope } from "./organisations.ts";
import { storeImage, type EncodedImage } from "../media/uploaded-image-store.ts";

export const SCHOOL_NOT_FOUND = "No school of your organisation has this id.";

interface ProfileRow {
  id: number;
  name: string;
  slug: string;
  about: string;
  video: string;
  city: string;
  country: string;
  logo: string;
  banner: string;
  thumbnail: string;
  updated_at: Date | string;
}

const PROFILE_COLUMNS = sql`s.id, s.name, s.slug, s.about, s.video, s.city, co.name as country,
  s.logo, s.banner, s.thumbnail, s.updated_at`;

/** Schools the organisation is linked to; `lock` takes the row lock of a change. */
const inScope = (scope: PartnerScope) =>
  sql`s.id in (select school_id from organisation_schools
               where organisation_id = ${scope.organisation.id})`;

function toProfile(row: ProfileRow): SchoolProfile {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    about: row.about,
    video: row.video,
    city: row.city,
    country: row.country,
    logo: row.logo,
    banner: row.banner,
    thumbnail: row.thumbnail,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The organisation's schools with their profiles, by name. */
export async function listPartnerSchools(
  db: Database,
  scope: PartnerScope,
): Promise<SchoolProfile[]> {
  const rows = await selectRows<ProfileRow>(
    db,
    sql`select ${PROFILE_COLUMNS} from schools s join countries co on co.id = s.country_id
        where ${inScope(scope)} order by s.name, s.id`,
  );
  return rows.map(toProfile);
}

async function profileRow(
  db: Database,
  scope: PartnerScope,
  schoolId: number,
  lock: boolean,
): Promise<ProfileRow> {
  const row = await selectOne<ProfileRow>(
    db,
    sql`select ${PROFILE_COLUMNS} from schools s join countries co on co.id = s.country_id
        where s.id = ${schoolId} and ${inScope(scope)} ${lock ? sql`for update of s` : sql``}`,
  );
  if (!row) throw new NotFoundError(SCHOOL_NOT_FOUND, { code: "school_not_found" });
  return row;
}

export async function getSchoolProfile(
  db: Database,
  scope: PartnerScope,
  schoolId: number,
): Promise<SchoolProfile> {
  return toProfile(await profileRow(db, scope, schoolId, false));
}

export type SchoolProfileChange = z.output<typeof SchoolProfileBodySchema>;

/** Saves about, video and city; an unchanged save writes nothing and records nothing. */
export async function updateSchoolProfile(
  db: Database,
  scope: PartnerScope,
  actor: AuditActor,
  schoolId: number,
  change: SchoolProfileChange,
): Promise<SchoolProfile> {
  return inTransaction(db, async (tx) => {
    const before = await profileRow(tx, scope, schoolId, true);
    const beforeFields = { about: before.about, video: before.video, city: before.city };
    const changed = await recordAudit(tx, {
      organisationId: scope.organisation.id,
      schoolId,
      entity: "school",
      entityId: schoolId,
      entityName: before.name,
      action: "update",
      actor,
      before: beforeFields,
      after: { ...change },
    });
    if (changed) {
      await tx.execute(
        sql`update schools set about = ${change.about}, video = ${change.video},
              city = ${change.city}, updated_at = now()
            where id = ${schoolId}`,
      );
    }
    return toProfile(await profileRow(tx, scope, schoolId, false));
  });
}

/**
 * Stores an uploaded logo, or a banner and the thumbnail cut from it, and points the school at
 * them. The audit entry keeps the URLs before and after.
 */
export async function setSchoolImage(
  db: Database,
  scope: PartnerScope,
  actor: AuditActor,
  schoolId: number,
  kind: SchoolImageKind,
  images: { main: EncodedImage; thumbnail?: EncodedImage | undefined },
): Promise<{ url: string; profile: SchoolProfile }> {
  return inTransaction(db, async (tx) => {
    const before = await profileRow(tx, scope, schoolId, true);
    const url = await storeImage(tx, images.main, actor.id);
    const after: Record<string, string> = { [kind]: url };
    if (images.thumbnail) after.thumbnail = await storeImage(tx, images.thumbnail, actor.id);
    const beforeFields: Record<string, string> = {};
    for (const field of Object.keys(after)) {
      beforeFields[field] = before[field as "logo" | "banner" | "thumbnail"];
    }
    const changed = await recordAudit(tx, {
      organisationId: scope.organisation.id,
      schoolId,
      entity: "school",
      entityId: schoolId,
      entityName: before.name,
      action: "update",
      actor,
      before: beforeFields,
      after,
    });
    if (changed) {
      await tx.execute(
        sql`update schools set logo = coalesce(${after.logo ?? null}, logo),
              banner = coalesce(${after.banner ?? null}, banner),
              thumbnail = coalesce(${after.thumbnail ?? null}, thumbnail), updated_at = now()
            where id = ${schoolId}`,
      );
    }
    return { url, profile: toProfile(await profileRow(tx, scope, schoolId, false)) };
  });
}
