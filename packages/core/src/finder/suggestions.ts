// Search-as-you-type suggestions for the header and hero search boxes (docs/spec-notes.md, "Search
// boxes"): programme names, schools, disciplines and countries that match what has been typed so
// far, by prefix, substring or a close trigram match (so 'phych' still suggests Psychology).
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { Suggestion } from "@studyatlas/schemas/finder.ts";

import { selectRows } from "../sql-rows.ts";

export const SUGGESTION_LIMITS = { programme: 5, school: 3, discipline: 3, country: 3 } as const;

/** Escapes LIKE wildcards in user text. */
function likePattern(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

export async function suggest(db: Database, rawQuery: string): Promise<Suggestion[]> {
  const query = rawQuery.trim().replace(/\s+/g, " ");
  if (query.length < 2) return [];
  const normalised = sql`lower(public.f_unaccent(${query}))`;
  const contains = sql`'%' || lower(public.f_unaccent(${likePattern(query)})) || '%'`;
  const startsWith = sql`lower(public.f_unaccent(${likePattern(query)})) || '%'`;
  // Below five characters a fuzzy match is mostly noise ('hong' ~ 'hons'); from five on it
  // rescues typos ('bussiness').
  const fuzzy = query.length >= 5;

  const [programmes, schools, disciplines, countries] = await Promise.all([
    // Distinct programme names, most offered first; the trigram index serves both conditions.
    selectRows<{ label: string; count: number }>(
      db,
      sql`select n.name as label, n.courses as count
          from programme_names n
          where n.search_name like ${contains}
            or (${fuzzy} and ${normalised} <% n.search_name)
          order by (n.search_name like ${startsWith}) desc,
            word_similarity(${normalised}, n.search_name) desc, n.courses desc, n.name
          limit ${SUGGESTION_LIMITS.programme}`,
    ),
    selectRows<{ label: string; slug: string; detail: string }>(
      db,
      sql`select s.name as label, s.slug, s.city || ', ' || co.name as detail
          from schools s join countries co on co.id = s.country_id
          where s.published and (lower(public.f_unaccent(s.name)) like ${contains}
            or (${fuzzy} and ${normalised} <% lower(public.f_unaccent(s.name))))
          order by word_similarity(${normalised}, lower(public.f_unaccent(s.name))) desc, s.name
          limit ${SUGGESTION_LIMITS.school}`,
    ),
    selectRows<{ label: string; slug: string }>(
      db,
      sql`select d.name as label, d.slug from disciplines d
          where lower(public.f_unaccent(d.name)) like ${contains}
            or word_similarity(${normalised}, lower(public.f_unaccent(d.name))) > 0.45
          order by word_similarity(${normalised}, lower(public.f_unaccent(d.name))) desc, d.name
          limit ${SUGGESTION_LIMITS.discipline}`,
    ),
    selectRows<{ label: string; slug: string }>(
      db,
      sql`select co.name as label, co.slug from countries co
          where co.enabled and (lower(public.f_unaccent(co.name)) like ${startsWith}
            or word_similarity(${normalised}, lower(public.f_unaccent(co.name))) > 0.5)
          order by word_similarity(${normalised}, lower(public.f_unaccent(co.name))) desc, co.name
          limit ${SUGGESTION_LIMITS.country}`,
    ),
  ]);

  return [
    ...programmes.map((row) => ({
      type: "programme" as const,
      label: row.label,
      detail: row.count === 1 ? "1 programme" : `${row.count} programmes`,
      url: `/coursefinder?name=${encodeURIComponent(row.label)}`,
    })),
    ...disciplines.map((row) => ({
      type: "discipline" as const,
      label: row.label,
      detail: "Discipline",
      url: `/courses/${row.slug}`,
    })),
    ...schools.map((row) => ({
      type: "school" as const,
      label: row.label,
      detail: row.detail,
      url: `/school/${row.slug}`,
    })),
    ...countries.map((row) => ({
      type: "country" as const,
      label: row.label,
      detail: "Country",
      url: `/coursefinder?country=${row.slug}`,
    })),
  ];
}
