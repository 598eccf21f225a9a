// Generates the schools: spread over real countries weighted towards the big education markets,
// each with a unique invented name, a real city, an institution type, a founding year and the
// media paths the site serves (logo, banner, thumbnail).

import type { ContinentCode } from "../schema/catalogue.ts";
import { COUNTRY_BY_CODE } from "./countries.ts";
import { CURRENCY_BY_CODE, currencyId } from "./currencies.ts";
import { createRandom, type Random } from "./random.ts";
import {
  REQUIRED_SCHOOL_COUNTRY_CODES,
  SCHOOL_MARKETS,
  type NameStyle,
  type SchoolMarket,
} from "./school-markets.ts";
import { generateSchoolName, type InstitutionType } from "./school-names.ts";
import { escapeHtml, formatThousands, slugify } from "./text.ts";

export interface SchoolRecord {
  id: number;
  name: string;
  slug: string;
  logo: string;
  banner: string;
  thumbnail: string;
  video: string;
  about: string;
  city: string;
  countryId: number;
  institutionType: InstitutionType;
  yearEstablished: number;
  website: string;
  published: boolean;
  // Generator context (not stored as such).
  countryCode: string;
  countryName: string;
  continent: ContinentCode;
  style: NameStyle;
  localLanguage: string;
  currencyId: number;
  currencyCode: string;
  currencyRate: number;
  priceLevel: number;
  /** Relative number of courses this school offers. */
  courseWeight: number;
  nameHtml: string;
  cityHtml: string;
  countryHtml: string;
}

/** Share of "University" patterns that are public, by country (default 0.6). */
const PUBLIC_SHARE: Readonly<Record<string, number>> = {
  US: 0.45,
  GB: 0.9,
  DE: 0.85,
  FR: 0.85,
  CA: 0.9,
  AU: 0.9,
  IN: 0.3,
  JP: 0.4,
  KR: 0.35,
  BR: 0.5,
};

const YOUTUBE_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

export function youtubeEmbed(random: Random): string {
  let id = "";
  for (let i = 0; i < 11; i++) id += YOUTUBE_ID_CHARS[Math.floor(random.next() * 64)];
  return `https://www.youtube.com/embed/${id}`;
}

/** How many schools each market gets: every market one first (in priority order), the rest by weight. */
export function allocateSchools(total: number): Map<string, number> {
  const required = new Set(REQUIRED_SCHOOL_COUNTRY_CODES);
  const ordered: SchoolMarket[] = [
    ...REQUIRED_SCHOOL_COUNTRY_CODES.map((code) =>
      SCHOOL_MARKETS.find((m) => m.code === code),
    ).filter((m): m is SchoolMarket => m !== undefined),
    ...SCHOOL_MARKETS.filter((m) => !required.has(m.code)).sort((a, b) => b.weight - a.weight),
  ];
  const counts = new Map<string, number>();
  if (total <= ordered.length) {
    for (const market of ordered.slice(0, total)) counts.set(market.code, 1);
    return counts;
  }
  for (const market of ordered) counts.set(market.code, 1);
  const remaining = total - ordered.length;
  const weightSum = ordered.reduce((sum, m) => sum + m.weight, 0);
  const shares = ordered.map((m) => ({ code: m.code, exact: (remaining * m.weight) / weightSum }));
  let assigned = 0;
  for (const share of shares) {
    const whole = Math.floor(share.exact);
    counts.set(share.code, (counts.get(share.code) ?? 0) + whole);
    assigned += whole;
  }
  // Largest remainder, ties broken by market order.
  const byRemainder = shares
    .map((s, index) => ({ ...s, index, remainder: s.exact - Math.floor(s.exact) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (let i = 0; i < remaining - assigned; i++) {
    const share = byRemainder[i % byRemainder.length];
    if (share) counts.set(share.code, (counts.get(share.code) ?? 0) + 1);
  }
  return counts;
}

/** Earliest plausible founding year of a degree-granting institution, by country (default by continent). */
const EARLIEST_YEAR: Readonly<Record<string, number>> = {
  AE: 1976,
  QA: 1973,
  SA: 1957,
  SG: 1905,
  HK: 1911,
  MO: 1981,
  KR: 1885,
  TW: 1928,
  RW: 1963,
  ET: 1950,
  NZ: 1869,
  AU: 1850,
  ZA: 1829,
};
const EARLIEST_BY_CONTINENT: Readonly<Record<ContinentCode, number>> = {
  AF: 1950,
  AN: 1950,
  AS: 1877,
  EU: 1150,
  NA: 1636,
  OC: 1850,
  SA: 1551,
};

function foundingYear(
  random: Random,
  type: InstitutionType,
  continent: ContinentCode,
  code: string,
): number {
  const earliest = EARLIEST_YEAR[code] ?? EARLIEST_BY_CONTINENT[continent];
  const between = (min: number, max: number, skewOld = 1) => {
    const low = Math.min(Math.max(min, earliest), max - 5);
    return Math.round(low + Math.pow(random.next(), skewOld) * (max - low));
  };
  switch (type) {
    case "Online university":
      return between(1995, 2020);
    case "Business school":
      return continent === "EU" ? between(1819, 2012) : between(1900, 2015);
    case "Institute of technology":
      return between(1860, 2010);
    case "College":
      return between(1850, 2015);
    case "Private university":
      return code === "US" ? between(1740, 2000) : between(1880, 2015);
    case "Public university":
      // European public universities are the oldest (Bologna 1088, Paris c. 1150, Oxford 1096).
      if (continent === "EU") return between(1150, 1975, 1.6);
      if (continent === "NA") return between(1780, 1990);
      if (continent === "SA") return between(1551, 1990, 1.3);
      return between(1880, 2010);
  }
}

const TYPE_PHRASES: Readonly<Record<InstitutionType, readonly string[]>> = {
  "Public university": [
    "a public research university",
    "a comprehensive public university",
    "a public university",
  ],
  "Private university": [
    "a private university",
    "an independent private university",
    "a private, not-for-profit university",
  ],
  "Business school": [
    "a business school",
    "an international business school",
    "a specialist business school",
  ],
  "Institute of technology": [
    "an institute of technology",
    "a technical university",
    "a science and technology institute",
  ],
  "Online university": [
    "an online university",
    "a digital-first university",
    "a distance-learning university",
  ],
  College: ["a college", "a teaching-focused college", "an applied sciences college"],
};

const FOCUS_PHRASES: Readonly<Record<InstitutionType, readonly string[]>> = {
  "Public university": [
    "offers degrees across the sciences, humanities and professions",
    "is known for research-led teaching and a broad range of subjects",
  ],
  "Private university": [
    "offers small classes and close contact with teaching staff",
    "combines career-focused degrees with a strong international community",
  ],
  "Business school": [
    "focuses on management, finance and leadership education",
    "works closely with employers on its MBA and executive programmes",
  ],
  "Institute of technology": [
    "specialises in engineering, computing and the natural sciences",
    "is known for applied research and industry partnerships",
  ],
  "Online university": [
    "delivers its programmes fully online with live and self-paced classes",
    "serves working adults with flexible online study",
  ],
  College: [
    "offers practical, career-oriented programmes and short courses",
    "focuses on applied learning and professional certificates",
  ],
};

/** Generates `count` schools; ids are 1..count in a shuffled (not country-grouped) order. */
export function generateSchools(count: number, seed: number): SchoolRecord[] {
  const random = createRandom(seed, 1);
  const allocation = allocateSchools(count);
  const usedNames = new Set<string>();
  const usedSlugs = new Set<string>();
  const drafts: Omit<SchoolRecord, "id">[] = [];
  for (const market of SCHOOL_MARKETS) {
    const n = allocation.get(market.code) ?? 0;
    const country = COUNTRY_BY_CODE.get(market.code);
    if (!country || n === 0) continue;
    const currency = CURRENCY_BY_CODE.get(country.currencyCode);
    for (let k = 0; k < n; k++) {
      const city =
        k < market.cities.length ? (market.cities[k] as string) : random.pick(market.cities);
      let name = "";
      let type: InstitutionType = "College";
      for (let attempt = 0; attempt < 60; attempt++) {
        const candidate = generateSchoolName(
          random,
          market.style,
          city,
          PUBLIC_SHARE[market.code] ?? 0.6,
        );
        if (!usedNames.has(candidate.name) && !usedSlugs.has(slugify(candidate.name))) {
          name = candidate.name;
          type = candidate.type;
          break;
        }
      }
      if (name === "") {
        // Very large catalogues: qualify a generated name with its city, then a number.
        const base = generateSchoolName(random, market.style, city, 0.6);
        type = base.type;
        name = `${base.name}, ${city}`;
        for (let suffix = 2; usedNames.has(name) || usedSlugs.has(slugify(name)); suffix++)
          name = `${base.name}, ${city} ${suffix}`;
      }
      usedNames.add(name);
      const slug = slugify(name);
      usedSlugs.add(slug);
      const year = foundingYear(random, type, country.continent, market.code);
      const typeWeight =
        type === "Online university"
          ? 2.2
          : type === "Public university"
            ? 1.4
            : type === "College"
              ? 0.8
              : 1;
      const countryName = country.name;
      const sentences = [
        `${name} is ${random.pick(TYPE_PHRASES[type])} in ${city}, ${countryName}, founded in ${year}.`,
        `It ${random.pick(FOCUS_PHRASES[type])}, with programmes taught on campus, online and in blended formats.`,
      ];
      if (random.chance(0.6)) {
        sentences.push(
          `Around ${formatThousands(random.int(2, 60) * 500)} students from ${random.int(20, 140)} countries study here each year.`,
        );
      }
      drafts.push({
        name,
        slug,
        logo: `/media/schools/${slug}/logo.svg`,
        banner: `/media/schools/${slug}/banner.svg`,
        thumbnail: random.chance(0.1) ? "" : `/media/schools/${slug}/thumbnail.svg`,
        video: random.chance(0.15) ? youtubeEmbed(random) : "",
        about: sentences.join(" "),
        city,
        countryId: country.id,
        institutionType: type,
        yearEstablished: year,
        website: `https://www.${slug}.example.edu`,
        published: true,
        countryCode: market.code,
        countryName,
        continent: country.continent,
        style: market.style,
        localLanguage: market.localLanguage,
        currencyId: currencyId(country.currencyCode),
        currencyCode: country.currencyCode,
        currencyRate: currency?.rate ?? 1,
        priceLevel: country.priceLevel,
        courseWeight: typeWeight * (0.3 + 2.7 * random.next() * random.next()),
        nameHtml: escapeHtml(name),
        cityHtml: escapeHtml(city),
        countryHtml: escapeHtml(countryName),
      });
    }
  }
  return random.shuffle(drafts).map((draft, index) => ({ id: index + 1, ...draft }));
}
