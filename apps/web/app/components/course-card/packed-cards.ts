// The finder's cards as its loader data carries them (ADR 065): one text a card, its fields in a
// fixed order between "|" (a "|" or "%" in a value written as "%7C" or "%25", so nothing is lost;
// a school picture at its generated address as "*"),
// instead of one record a card whose every field is a reference to its value, with its nested
// school, dates and currency (about 180 bytes a card before its values). The page reads them back
// once per answer (routes/finder/finder.tsx), so the cards still see records.
import type { FinderCard } from "@studyatlas/core/finder/finder-page.ts";
import { schoolPicturePath, type SchoolPictureKind } from "@studyatlas/core/media/media-paths.ts";

import { escapeValue, unescapeValue } from "../../utils/packed-rows.ts";

const FIELD = "|";
/** A school picture at its generated address (most are) travels as this mark alone. */
const GENERATED = "*";
/** A picture whose address is the mark itself, so the mark still reads back as it was. */
const LITERAL_MARK = "%2A";
const FORMATS = new Set<FinderCard["course_format"]>(["FULL", "PART"]);
const ATTENDANCES = new Set<FinderCard["attendance"]>(["SITE", "ONLINE", "BLENDED"]);

function packPicture(address: string, slug: string, kind: SchoolPictureKind): string {
  if (address === schoolPicturePath(slug, kind)) return GENERATED;
  return address === GENERATED ? LITERAL_MARK : escapeValue(address);
}

function unpackPicture(text: string, slug: string, kind: SchoolPictureKind): string {
  if (text === GENERATED) return schoolPicturePath(slug, kind);
  return text === LITERAL_MARK ? GENERATED : unescapeValue(text);
}

export function packFinderCard(card: FinderCard): string {
  const { school, course_dates: dates } = card;
  const pictures = (["logo", "thumbnail", "banner"] as const).map((kind) =>
    packPicture(school[kind], school.slug, kind),
  );
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
  ]
    .map((value) => escapeValue(String(value)))
    .concat(pictures)
    .join(FIELD);
}

const FIELDS = 17;

/** The card of a packed text, or undefined when it cannot be read. */
export function unpackFinderCard(text: string): FinderCard | undefined {
  const fields = text.split(FIELD);
  const values = fields
    .slice(0, FIELDS - 3)
    .map(unescapeValue)
    .concat(fields.slice(FIELDS - 3));
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
    school: {
      name: schoolName,
      slug: schoolSlug,
      logo: unpackPicture(logo, schoolSlug, "logo"),
      thumbnail: unpackPicture(thumbnail, schoolSlug, "thumbnail"),
      banner: unpackPicture(banner, schoolSlug, "banner"),
    },
  };
}

/**
 * The cards each packed list was made from. Packing loses nothing, so a server render, which reads
 * the loader's answer in the process that packed it, takes them back instead of reading the texts.
 */
const madeFrom = new WeakMap<readonly string[], FinderCard[]>();

export function packFinderCards(cards: FinderCard[]): string[] {
  const texts = cards.map(packFinderCard);
  madeFrom.set(texts, cards);
  return texts;
}

export function unpackFinderCards(texts: readonly string[]): FinderCard[] {
  return madeFrom.get(texts) ?? texts.flatMap((text) => unpackFinderCard(text) ?? []);
}
