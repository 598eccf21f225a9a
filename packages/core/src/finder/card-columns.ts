// The columns a programme card is read with (CourseListItemSchema, CourseCardSchema): the whole
// list item as PostgreSQL builds it, and the programme's own columns that the index's reference
// maps complete in process (index/card-references.ts, ADR 026).
import { sql } from "drizzle-orm";

/** The card columns of a programme (`c`), shared with the programme page. */
export const COURSE_LIST_COLUMNS = sql`c.id, c.slug, c.name, c.about, c.duration, c.duration_base,
  c.duration_days, c.course_format, c.attendance,
  json_build_object('start_month', c.start_month, 'start_year', c.start_year,
    'deadline_month', c.deadline_month, 'deadline_year', c.deadline_year) as course_dates,
  c.tuition_fee::float8 as tuition_fee, c.tuition_fee_usd::float8 as tuition_fee_usd,
  json_build_object('short_code', cur.short_code, 'name', cur.name,
    'usd_exchange_rate', cur.usd_exchange_rate::float8) as tuition_currency,
  c.tuition_fee_base, c.featured, c.published,
  json_build_object('id', pt.id, 'name', pt.name, 'slug', pt.slug, 'label', pt.label) as programme_type,
  case when dt.id is null then null
    else json_build_object('id', dt.id, 'name', dt.name, 'short_name', dt.short_name) end as degree_type,
  case when l.id is null then null
    else json_build_object('id', l.id, 'name', l.name, 'code', l.code) end as language,
  coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name, 'slug', d.slug)
      order by cd.position, d.name)
    from course_disciplines cd join disciplines d on d.id = cd.discipline_id
    where cd.course_id = c.id), '[]'::json) as disciplines,
  json_build_object('id', s.id, 'name', s.name, 'slug', s.slug, 'logo', s.logo,
    'thumbnail', s.thumbnail, 'banner', s.banner, 'video', s.video, 'city', s.city,
    'country', json_build_object('id', co.id, 'name', co.name, 'slug', co.slug, 'code', co.code,
      'short_code', co.code, 'continent', co.continent)) as school`;

export const COURSE_JOINS = sql`join schools s on s.id = c.school_id
  join countries co on co.id = s.country_id
  join currencies cur on cur.id = c.tuition_currency_id
  join programme_types pt on pt.id = c.programme_type_id
  left join degree_types dt on dt.id = c.degree_type_id
  left join languages l on l.id = c.language_id`;

/**
 * A programme's own card columns (`c`), without what the card nests: the ids of its school,
 * currency, programme type, degree type and language, the dates as plain integers, the fees as
 * float8 (as COURSE_LIST_COLUMNS gives them), and its discipline ids in the card's order.
 * index/card-references.ts completes them into COURSE_LIST_COLUMNS's shape.
 */
export const CARD_ROW_COLUMNS = sql`c.id, c.slug, c.name, c.about, c.duration, c.duration_base,
  c.duration_days, c.course_format, c.attendance, c.start_month, c.start_year, c.deadline_month,
  c.deadline_year, c.tuition_fee::float8 as tuition_fee,
  c.tuition_fee_usd::float8 as tuition_fee_usd, c.tuition_currency_id, c.tuition_fee_base,
  c.featured, c.published, c.programme_type_id, c.degree_type_id, c.language_id, c.school_id,
  array(select cd.discipline_id from course_disciplines cd
    join disciplines d on d.id = cd.discipline_id
    where cd.course_id = c.id order by cd.position, d.name) as discipline_ids`;

/**
 * Only what a page's card shows of a programme (CourseCardSchema), with the ids of its school and
 * currency: index/card-references.ts `courseCard` completes it. A third of CARD_ROW_COLUMNS, no
 * discipline subquery: the home page's cards cost less to read (ADR 035).
 */
export const CARD_ONLY_COLUMNS = sql`c.id, c.slug, c.name, c.duration, c.duration_base,
  c.course_format, c.attendance, c.start_month, c.start_year, c.tuition_fee::float8 as tuition_fee,
  c.tuition_currency_id, c.tuition_fee_base, c.school_id`;
