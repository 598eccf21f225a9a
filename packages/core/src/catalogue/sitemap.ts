// What /sitemap.xml lists (ADR 008): every published programme, every published school and
// every enabled country, split into files of at most 50,000 URLs (the sitemaps.org limit) under
// one sitemap index. Programmes of an unpublished school are not public, so they are not listed.
import { sql, type SQL } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";

import { selectOne, selectRows } from "../sql-rows.ts";

/** sitemaps.org: "no more than 50,000 URLs" per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

export const SITEMAP_KINDS = ["courses", "schools", "countries"] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export interface SitemapEntry {
  /** Path on the site, e.g. /course/msc-data-science-northbridge. */
  path: string;
  /** ISO date of the last change, when known. */
  lastModified?: string;
}

const PUBLIC_COURSES = sql`from courses c join schools s on s.id = c.school_id
  where c.published and s.published`;
const PUBLIC_SCHOOLS = sql`from schools s where s.published`;
const PUBLIC_COUNTRIES = sql`from countries co where co.enabled`;

const FROM: Record<SitemapKind, SQL> = {
  courses: PUBLIC_COURSES,
  schools: PUBLIC_SCHOOLS,
  countries: PUBLIC_COUNTRIES,
};

export async function countSitemapEntries(db: Database): Promise<Record<SitemapKind, number>> {
  const row = await selectOne<Record<SitemapKind, number>>(
    db,
    sql`select (select count(*)::int ${PUBLIC_COURSES}) as courses,
          (select count(*)::int ${PUBLIC_SCHOOLS}) as schools,
          (select count(*)::int ${PUBLIC_COUNTRIES}) as countries`,
  );
  return row ?? { courses: 0, schools: 0, countries: 0 };
}

/** The sitemap files: `{kind}-{n}.xml`, numbered from 1, each with at most `perFile` URLs. */
export function sitemapFiles(
  counts: Record<SitemapKind, number>,
  perFile = SITEMAP_MAX_URLS,
): { kind: SitemapKind; number: number; name: string }[] {
  return SITEMAP_KINDS.flatMap((kind) =>
    Array.from({ length: Math.ceil(counts[kind] / perFile) }, (_, index) => ({
      kind,
      number: index + 1,
      name: `${kind}-${index + 1}.xml`,
    })),
  );
}

/** One file's entries, in a stable order (by id) so that a programme is in exactly one file. */
export async function listSitemapEntries(
  db: Database,
  kind: SitemapKind,
  page: { number: number; perFile?: number },
): Promise<SitemapEntry[]> {
  const perFile = page.perFile ?? SITEMAP_MAX_URLS;
  const offset = (page.number - 1) * perFile;
  switch (kind) {
    case "courses": {
      const rows = await selectRows<{ slug: string; modified: string }>(
        db,
        sql`select c.slug, to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD') as modified
            ${FROM.courses} order by c.id limit ${perFile} offset ${offset}`,
      );
      return rows.map((row) => ({
        path: `/course/${row.slug}`,
        lastModified: row.modified,
      }));
    }
    case "schools": {
      const rows = await selectRows<{ slug: string; modified: string }>(
        db,
        sql`select s.slug, to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD') as modified
            ${FROM.schools} order by s.id limit ${perFile} offset ${offset}`,
      );
      return rows.map((row) => ({ path: `/school/${row.slug}`, lastModified: row.modified }));
    }
    case "countries": {
      const rows = await selectRows<{ id: number; name: string; slug: string }>(
        db,
        sql`select co.id, co.name, co.slug ${FROM.countries} order by co.id
            limit ${perFile} offset ${offset}`,
      );
      // The country page's address (docs/spec/accounts-and-details.md §2): /countries/{name}?id=&slug=.
      return rows.map((row) => ({
        path: `/countries/${encodeURIComponent(row.name)}?${new URLSearchParams({
          id: String(row.id),
          slug: row.slug,
        }).toString()}`,
      }));
    }
  }
}
