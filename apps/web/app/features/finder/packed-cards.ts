// The finder's cards as its loader data carries them (ADR 065): one text a card, its fields in a
// fixed order between "|" (a "|" or "%" in a value written as "%7C" or "%25", so nothing is lost),
// instead of one record a card whose every field is a reference to its value, with its nested
// school, dates and currency (about 180 bytes a card before its values). The page reads them back
// once per answer (routes/finder/finder.tsx), so the cards still see records.
import type { FinderCard } from "@studyatlas/core/finder/finder-page.ts";

const FIELD = "|";
const FORMATS = new Set<FinderCard["course_format"]>(["FULL", "PART"]);
const ATTENDANCES = new Set<FinderCard["attendance"]>(["SITE", "ONLINE", "BLENDED"]);

function escaped(value: string | number): string {
  return String(value).replaceAll("%", "%25").replaceAll(FIELD, "%7C");
}

function unescaped(value: string): string {
  return value.replaceAll("%7C", FIELD).replaceAll("%25", "%");
}

export function packFinderCard(card: FinderCard): string {
  const { school, course_dates: dates } = card;
  return [
    card.id,
    card.slug,
    card.name,
    card.duration,
    card.duration_base,
    card.course_format,
    card.attendance,
    dates.start_month,
    dates.start_year,
    card.tuition_fee,
    card.tuition_currency.short_code,
    card.tuition_fee_base,
    school.name,
    school.slug,
    school.logo,
    school.thumbnail,
    school.banner,
  ]
    .map(escaped)
    .join(FIELD);
}

const FIELDS = 17;

/** The card of a packed text, or undefined when it cannot be read. */
export function unpackFinderCard(text: string): FinderCard | undefined {
  const values = text.split(FIELD).map(unescaped);
  if (values.length !== FIELDS) return undefined;
  const [id, slug, name, duration, durationBase, format, attendance, ...rest] = values as [
    string,
    string,
    string,
    string,
    string,
    FinderCard["course_format"],
    FinderCard["attendance"],
    ...string[],
  ];
  const [month, year, fee, currency, feeBase, schoolName, schoolSlug, logo, thumbnail, banner] =
    rest as [string, string, string, string, string, string, string, string, string, string];
  const numbers = [id, duration, month, year, fee].map((value) =>
    value === "" ? Number.NaN : Number(value),
  );
  if (!numbers.every(Number.isFinite)) return undefined;
  if (!FORMATS.has(format) || !ATTENDANCES.has(attendance)) return undefined;
  return {
    id: Number(id),
    slug,
    name,
    duration: Number(duration),
    duration_base: durationBase,
    course_format: format,
    attendance,
    course_dates: { start_month: Number(month), start_year: Number(year) },
    tuition_fee: Number(fee),
    tuition_currency: { short_code: currency },
    tuition_fee_base: feeBase,
    school: { name: schoolName, slug: schoolSlug, logo, thumbnail, banner },
  };
}

export function unpackFinderCards(texts: readonly string[]): FinderCard[] {
  return texts.flatMap((text) => unpackFinderCard(text) ?? []);
}
