// The finder's and the home page's cards as their loader data carries them (ADR 065, ADR 066): one
// text a card, its fields in a fixed order between "|" (a "|" or "%" in a value written as "%7C" or
// "%25", so nothing is lost), instead of one record a card whose every field is a reference to its
// value, with its nested school, dates and currency (about 180 bytes a card before its values). A
// value the card's other fields give — the slug its name and school make, a school picture at its
// generated address, as most are — travels as "*" alone. The page reads them back once per answer,
// so the cards still see records.
import type { FinderCard } from "@studyatlas/core/finder/finder-page.ts";
import { schoolPicturePath, type SchoolPictureKind } from "@studyatlas/core/media/media-paths.ts";

import { escapeValue, unescapeValue } from "../../utils/packed-rows.ts";

const FIELD = "|";
/** A value the card's other fields give travels as this mark alone. */
const DERIVED = "*";
/** A value that is the mark itself, so the mark still reads back as it was. */
const LITERAL_MARK = "%2A";
const FORMATS = new Set<FinderCard["course_format"]>(["FULL", "PART"]);
const ATTENDANCES = new Set<FinderCard["attendance"]>(["SITE", "ONLINE", "BLENDED"]);
const PICTURES = ["logo", "thumbnail", "banner"] as const satisfies readonly SchoolPictureKind[];

/**
 * The slug a programme's name and school make ("3D Modelling Bootcamp" at university-of-southleigh:
 * "3d-modelling-bootcamp-university-of-southleigh"), as most are. Only a shorter way to write
 * those: a slug that differs travels in full, so nothing depends on how the catalogue made it.
 */
function slugOfName(name: string, schoolSlug: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${words}-${schoolSlug}`;
}

/** `value` as a packed field: the mark when it is what `derived` gives. */
function packDerivable(value: string, derived: string): string {
  if (value === derived) return DERIVED;
  return value === DERIVED ? LITERAL_MARK : escapeValue(value);
}

function unpackDerivable(text: string, derived: () => string): string {
  if (text === DERIVED) return derived();
  return text === LITERAL_MARK ? DERIVED : unescapeValue(text);
}

export function packFinderCard(card: FinderCard): string {
  const { school, course_dates: dates } = card;
  const plain = [
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
  ].map((value) => escapeValue(String(value)));
  return [
    String(card.id),
    packDerivable(card.slug, slugOfName(card.name, school.slug)),
    ...plain,
    ...PICTURES.map((kind) => packDerivable(school[kind], schoolPicturePath(school.slug, kind))),
  ].join(FIELD);
}

const FIELDS = 17;

/** The card of a packed text, or undefined when it cannot be read. */
export function unpackFinderCard(text: string): FinderCard | undefined {
  const fields = text.split(FIELD);
  if (fields.length !== FIELDS) return undefined;
  const [id, slugText, ...rest] = fields as [string, string, ...string[]];
  const values = rest.slice(0, 12).map(unescapeValue);
  const [name, duration, durationBase, format, attendance, month, year, fee, currency, feeBase] =
    values as [
      string,
      string,
      string,
      FinderCard["course_format"],
      FinderCard["attendance"],
      string,
      string,
      string,
      string,
      string,
    ];
  const [schoolName, schoolSlug] = values.slice(10) as [string, string];
  const [logo, thumbnail, banner] = rest.slice(12) as [string, string, string];
  const numbers = [id, duration, month, year, fee].map((value) =>
    value === "" ? Number.NaN : Number(value),
  );
  if (!numbers.every(Number.isFinite)) return undefined;
  if (!FORMATS.has(format) || !ATTENDANCES.has(attendance)) return undefined;
  const picture = (packed: string, kind: SchoolPictureKind) =>
    unpackDerivable(packed, () => schoolPicturePath(schoolSlug, kind));
  return {
    id: Number(id),
    slug: unpackDerivable(slugText, () => slugOfName(name, schoolSlug)),
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
      logo: picture(logo, "logo"),
      thumbnail: picture(thumbnail, "thumbnail"),
      banner: picture(banner, "banner"),
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
