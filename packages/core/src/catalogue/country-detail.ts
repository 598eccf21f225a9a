// One country's page data (docs/spec/accounts-and-details.md §2): its texts and counts. Its
// programmes are counted by the search module, in the finder index when there is a current one
// (ADR 033: PostgreSQL counting a country's thousands of programmes through their schools was most
// of a country page's database time), else by SQL.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { Country } from "@studyatlas/schemas/catalogue.ts";

import { sanitizeHtml } from "../content/sanitize-html.ts";
import type { FinderIndex } from "../finder/finder-index.ts";
import { countCountryCourses } from "../finder/search.ts";
import { selectOne } from "../sql-rows.ts";

/** A country's published schools; its programmes are counted apart (countCountryCourses). */
const COUNTRY_SCHOOL_COUNT = sql`
  left join lateral (
    select count(*)::int as schools_count
    from schools s
    where s.country_id = co.id and s.published
  ) counts on true`;

/** One country with its texts and counts; undefined for an unknown id. */
export async function getCountryById(
  db: Database,
  id: number,
  finder?: FinderIndex,
): Promise<Country | undefined> {
  const [country, coursesCount] = await Promise.all([
    selectOne<Country>(
      db,
      sql`select co.id, co.name, co.slug, co.code, co.code as short_code, co.continent, co.capital,
            co.population::float8 as population, co.students, co.international_students, co.about,
            co.about_wiki_link, co.trivia_facts, co.living_costs, co.image, co.currency_code,
            co.enabled, counts.schools_count, 0 as courses_count
          from countries co ${COUNTRY_SCHOOL_COUNT}
          where co.id = ${id}`,
    ),
    countCountryCourses(db, id, finder),
  ]);
  if (!country) return undefined;
  country.courses_count = coursesCount;
  // The HTML texts of the country page, sanitised on every read (docs/spec/accounts-and-details.md
  // §2; ADR 008): rows written by older imports or by hand are as untrusted as new ones.
  country.about = sanitizeHtml(country.about);
  country.trivia_facts = sanitizeHtml(country.trivia_facts);
  country.living_costs = sanitizeHtml(country.living_costs);
  return country;
}
