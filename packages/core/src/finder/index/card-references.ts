// The reference rows a programme card nests (its school with the school's country, currency,
// programme type, degree type, language, disciplines), kept beside the finder's index (ADR 026).
// The card query then reads only a programme's own columns by primary key, and the nested objects
// are put together here, in the exact shape and key order the SQL card query
// (card-columns.ts COURSE_LIST_COLUMNS) builds with json_build_object.
// Loaded with the index and dropped with it on every `catalogue_changed` notice, so the cards are
// exactly as current as the index: without a current index the SQL card query answers.
//
// Small at any catalogue size: one entry per school (thousands), currency, type, language and
// discipline, not per programme.
import { sql } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import type { CourseCard, CourseListItem } from "@studyatlas/schemas/catalogue.ts";

import { selectRows } from "../../sql-rows.ts";
import { cardSchoolOf } from "../../catalogue/course-cards.ts";
import { totalCostOf } from "../../cost/course-total.ts";

type Currency = CourseListItem["tuition_currency"];
type ProgrammeType = CourseListItem["programme_type"];
type DegreeType = NonNullable<CourseListItem["degree_type"]>;
type Language = NonNullable<CourseListItem["language"]>;
type Discipline = CourseListItem["disciplines"][number];

/**
 * A programme's own columns as the card query (card-columns.ts CARD_ROW_COLUMNS) reads them: ids of
 * what the card nests, the dates as plain integers, the fees as float8, and its discipline ids in
 * the card's order (`cd.position, d.name`, PostgreSQL's collation).
 */
export interface CardRow {
  id: number;
  slug: string;
  name: string;
  about: string;
  duration: number;
  duration_base: CourseListItem["duration_base"];
  duration_days: number;
  course_format: CourseListItem["course_format"];
  attendance: CourseListItem["attendance"];
  start_month: number;
  start_year: number;
  deadline_month: number;
  deadline_year: number;
  tuition_fee: number;
  tuition_fee_usd: number | null;
  tuition_currency_id: number;
  tuition_fee_base: string;
  featured: boolean;
  published: boolean;
  programme_type_id: number;
  degree_type_id: number | null;
  language_id: number | null;
  school_id: number;
  discipline_ids: number[];
}

/**
 * What a card of a page shows of a programme's own columns (card-columns.ts CARD_ONLY_COLUMNS): the
 * CourseCard's fields, with the ids of its school and currency.
 */
export interface CardOnlyRow {
  id: number;
  slug: string;
  name: string;
  duration: number;
  duration_base: CourseCard["duration_base"];
  course_format: CourseCard["course_format"];
  attendance: CourseCard["attendance"];
  start_month: number;
  start_year: number;
  tuition_fee: number;
  tuition_currency_id: number;
  tuition_fee_base: string;
  school_id: number;
}

/** A school as the maps keep it: the card's school fields and its country's. */
interface SchoolRow {
  id: number;
  name: string;
  slug: string;
  logo: string;
  thumbnail: string;
  banner: string;
  video: string;
  city: string;
  country_id: number;
  country_name: string;
  country_slug: string;
  country_code: string;
  continent: string;
}

export class CardReferences {
  private readonly schools: ReadonlyMap<number, SchoolRow>;
  private readonly currencies: ReadonlyMap<number, Currency>;
  private readonly programmeTypes: ReadonlyMap<number, ProgrammeType>;
  private readonly degreeTypes: ReadonlyMap<number, DegreeType>;
  private readonly languages: ReadonlyMap<number, Language>;
  private readonly disciplines: ReadonlyMap<number, Discipline>;

  constructor(rows: {
    schools: readonly SchoolRow[];
    currencies: readonly (Currency & { id: number })[];
    programmeTypes: readonly ProgrammeType[];
    degreeTypes: readonly DegreeType[];
    languages: readonly Language[];
    disciplines: readonly Discipline[];
  }) {
    this.schools = new Map(rows.schools.map((row) => [row.id, row]));
    this.currencies = new Map(rows.currencies.map(({ id, ...currency }) => [id, currency]));
    this.programmeTypes = new Map(rows.programmeTypes.map((row) => [row.id, row]));
    this.degreeTypes = new Map(rows.degreeTypes.map((row) => [row.id, row]));
    this.languages = new Map(rows.languages.map((row) => [row.id, row]));
    this.disciplines = new Map(rows.disciplines.map((row) => [row.id, row]));
  }

  /**
   * The card of a programme row, or undefined when a row names something the maps do not hold (a
   * reference committed after they were read, whose notice has not arrived yet): the caller then
   * asks the SQL card query. Every nested object is new, so no two cards share one.
   */
  card(row: CardRow): CourseListItem | undefined {
    const school = this.schools.get(row.school_id);
    const currency = this.currencies.get(row.tuition_currency_id);
    const programmeType = this.programmeTypes.get(row.programme_type_id);
    if (!school || !currency || !programmeType) return undefined;
    let degreeType: DegreeType | null = null;
    if (row.degree_type_id !== null) {
      const found = this.degreeTypes.get(row.degree_type_id);
      if (!found) return undefined;
      degreeType = { id: found.id, name: found.name, short_name: found.short_name };
    }
    let language: Language | null = null;
    if (row.language_id !== null) {
      const found = this.languages.get(row.language_id);
      if (!found) return undefined;
      language = { id: found.id, name: found.name, code: found.code };
    }
    const disciplines: Discipline[] = [];
    for (const id of row.discipline_ids) {
      const found = this.disciplines.get(id);
      if (!found) return undefined;
      disciplines.push({ id: found.id, name: found.name, slug: found.slug });
    }
    // The keys in COURSE_LIST_COLUMNS's order: the page data and the API's JSON stay the same
    // bytes.
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      about: row.about,
      duration: row.duration,
      duration_base: row.duration_base,
      duration_days: row.duration_days,
      course_format: row.course_format,
      attendance: row.attendance,
      course_dates: {
        start_month: row.start_month,
        start_year: row.start_year,
        deadline_month: row.deadline_month,
        deadline_year: row.deadline_year,
      },
      tuition_fee: row.tuition_fee,
      tuition_fee_usd: row.tuition_fee_usd,
      tuition_currency: {
        short_code: currency.short_code,
        name: currency.name,
        usd_exchange_rate: currency.usd_exchange_rate,
      },
      tuition_fee_base: row.tuition_fee_base,
      featured: row.featured,
      published: row.published,
      programme_type: {
        id: programmeType.id,
        name: programmeType.name,
        slug: programmeType.slug,
        label: programmeType.label,
      },
      degree_type: degreeType,
      language,
      disciplines,
      school: {
        id: school.id,
        name: school.name,
        slug: school.slug,
        logo: school.logo,
        thumbnail: school.thumbnail,
        banner: school.banner,
        video: school.video,
        city: school.city,
        country: {
          id: school.country_id,
          name: school.country_name,
          slug: school.country_slug,
          code: school.country_code,
          short_code: school.country_code,
          continent: school.continent,
        },
      },
      total_cost: totalCostOf({
        tuition_fee: row.tuition_fee,
        tuition_fee_base: row.tuition_fee_base,
        duration: row.duration,
        duration_base: row.duration_base,
        tuition_currency: currency,
      }),
    };
  }

  /**
   * A page's card of a programme row (CourseCardSchema: what the card shows), or undefined when
   * the maps do not hold its school or currency yet (as `card`). The same object as
   * `courseCardOf(card(row))`, in the same key order, from a row of the card's columns only.
   */
  courseCard(row: CardOnlyRow): CourseCard | undefined {
    const school = this.schools.get(row.school_id);
    const currency = this.currencies.get(row.tuition_currency_id);
    if (!school || !currency) return undefined;
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      duration: row.duration,
      duration_base: row.duration_base,
      course_format: row.course_format,
      attendance: row.attendance,
      course_dates: { start_month: row.start_month, start_year: row.start_year },
      tuition_fee: row.tuition_fee,
      tuition_currency: { short_code: currency.short_code },
      tuition_fee_base: row.tuition_fee_base,
      school: cardSchoolOf(school),
      total_cost: totalCostOf({
        tuition_fee: row.tuition_fee,
        tuition_fee_base: row.tuition_fee_base,
        duration: row.duration,
        duration_base: row.duration_base,
        tuition_currency: currency,
      }),
    };
  }

  /** The cards of the rows, in their order; undefined when any row cannot be completed. */
  cards(rows: readonly CardRow[]): CourseListItem[] | undefined {
    const cards: CourseListItem[] = [];
    for (const row of rows) {
      const card = this.card(row);
      if (!card) return undefined;
      cards.push(card);
    }
    return cards;
  }
}

/**
 * Reads the reference rows: every school (published or not: the card query checks that), every
 * currency, type, language and discipline. The values as the SQL card query gives them (the
 * exchange rate as float8, the same text columns).
 */
export async function loadCardReferences(db: Database): Promise<CardReferences> {
  const [schools, currencies, programmeTypes, degreeTypes, languages, disciplines] =
    await Promise.all([
      selectRows<SchoolRow>(
        db,
        sql`select s.id, s.name, s.slug, s.logo, s.thumbnail, s.banner, s.video, s.city,
            co.id as country_id, co.name as country_name, co.slug as country_slug,
            co.code as country_code, co.continent
          from schools s join countries co on co.id = s.country_id`,
      ),
      selectRows<Currency & { id: number }>(
        db,
        sql`select cur.id, cur.short_code, cur.name, cur.usd_exchange_rate::float8 as usd_exchange_rate
          from currencies cur`,
      ),
      selectRows<ProgrammeType>(
        db,
        sql`select pt.id, pt.name, pt.slug, pt.label from programme_types pt`,
      ),
      selectRows<DegreeType>(db, sql`select dt.id, dt.name, dt.short_name from degree_types dt`),
      selectRows<Language>(db, sql`select l.id, l.name, l.code from languages l`),
      selectRows<Discipline>(db, sql`select d.id, d.name, d.slug from disciplines d`),
    ]);
  return new CardReferences({
    schools,
    currencies,
    programmeTypes,
    degreeTypes,
    languages,
    disciplines,
  });
}
