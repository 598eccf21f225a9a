// The course generator: a deterministic stream of plausible programmes over the generated schools.
// Call next() repeatedly; the n-th course is the same for the same seed and schools. Designed for
// throughput (a million rows): choices use pre-computed tables, strings are concatenated from
// pre-escaped, pre-slugified pieces.

import type { AttendanceMode, CourseFormat, DurationUnit } from "../schema/catalogue.ts";
import {
  buildLocalForms,
  CERTIFICATE_FORMS,
  EXECUTIVE_FORMS,
  EXECUTIVE_MBA_FORMS,
  formsForDegree,
  MBA_TOPICS,
  MPH_TOPICS,
  pickForm,
  SHORT_FORMS,
  SKILLS,
  TOPICS,
  type NameForm,
  type Vocabulary,
} from "./course-names.ts";
import {
  aboutText,
  admissionHtml,
  otherRequirementsHtml,
  overviewHtml,
  programmeStructureHtml,
  scholarshipHtml,
  syllabusHtml,
  tuitionAndAidHtml,
  whoForHtml,
  whyChoseHtml,
  type TextContext,
} from "./course-text.ts";
import { currencyId } from "./currencies.ts";
import { DISCIPLINES, RELATED_DISCIPLINES } from "./disciplines.ts";
import { createStringHashSet } from "./hash-set.ts";
import { createRandom, cumulativeWeights } from "./random.ts";
import {
  degreeByShortName,
  LANGUAGE_BY_CODE,
  LEVEL_SHARES,
  LEVELS,
  PROGRAMME_TYPE_ID,
  type Level,
} from "./reference.ts";
import { youtubeEmbed, type SchoolRecord } from "./schools.ts";
import { escapeHtml, formatThousands } from "./text.ts";

export interface CourseRecord {
  id: number;
  slug: string;
  name: string;
  about: string;
  overview: string;
  whyChose: string;
  whoFor: string;
  admissionRequirements: string;
  otherRequirements: string;
  programmeStructure: string;
  syllabus: string;
  tuitionAndAid: string;
  scholarship: string;
  video: string;
  officialProgrammeWebsite: string;
  schoolId: number;
  programmeTypeId: number;
  degreeTypeId: number;
  languageId: number;
  duration: number;
  durationBase: DurationUnit;
  courseFormat: CourseFormat;
  attendance: AttendanceMode;
  startMonth: number;
  startYear: number;
  deadlineMonth: number;
  deadlineYear: number;
  /** -1 unknown, 0 free, else the fee in the tuition currency. */
  tuitionFee: number;
  tuitionCurrencyId: number;
  tuitionFeeBase: string;
  tuitionFeeUsd: number | null;
  featured: boolean;
  published: boolean;
  shuffleKey: number;
  schoolName: string;
  disciplineNames: string;
  /** Discipline ids, primary first (position = index). */
  disciplineIds: number[];
}

/** Discipline id = index in DISCIPLINES + 1. */
const DISCIPLINE_INDEX = new Map(DISCIPLINES.map((d, index) => [d.slug, index]));
const DISCIPLINE_HTML = DISCIPLINES.map((d) => escapeHtml(d.name));
const MODULES_HTML = DISCIPLINES.map((d) => d.modules.map(escapeHtml));
const RELATED_INDEXES = DISCIPLINES.map((d) =>
  (RELATED_DISCIPLINES[d.slug] ?? []).map((slug) => DISCIPLINE_INDEX.get(slug) ?? 0),
);

function disciplineIndex(slug: string): number {
  const index = DISCIPLINE_INDEX.get(slug);
  if (index === undefined) throw new Error(`unknown discipline ${slug}`);
  return index;
}

/** Overall popularity of disciplines among generated courses. */
const GENERAL_DISCIPLINE_WEIGHTS = cumulativeWeights(
  DISCIPLINES.map(
    (d) =>
      ({
        "business-and-administration": 16,
        "computer-science": 14,
        "health-sciences": 9,
        "engineering-and-technology": 8,
        "education-and-training": 6,
        psychology: 6,
        "social-sciences": 6,
        law: 5,
        medicine: 4,
        communication: 4,
        art: 4,
        "art-and-humanities": 3,
        humanities: 3,
        "environmental-science": 4,
        "natural-sciences": 4,
        "hospitality-leisure-and-sports": 3,
        music: 2,
        "agriculture-and-forestry": 2,
      })[d.slug] ?? 2,
  ),
);
const BUSINESS_SCHOOL_DISCIPLINES = [
  "business-and-administration",
  "communication",
  "law",
  "hospitality-leisure-and-sports",
  "computer-science",
  "social-sciences",
].map(disciplineIndex);
const BUSINESS_SCHOOL_WEIGHTS = cumulativeWeights([70, 6, 5, 6, 8, 5]);
const TECH_DISCIPLINES = [
  "computer-science",
  "engineering-and-technology",
  "natural-sciences",
  "environmental-science",
  "agriculture-and-forestry",
  "business-and-administration",
].map(disciplineIndex);
const TECH_WEIGHTS = cumulativeWeights([35, 30, 12, 8, 5, 10]);

const BUSINESS = disciplineIndex("business-and-administration");

const LEVEL_WEIGHTS = cumulativeWeights(LEVELS.map((level) => LEVEL_SHARES[level]));

/** Start months weighted towards the usual intakes (September, January, October, February). */
const START_MONTH_WEIGHTS = cumulativeWeights([14, 8, 6, 5, 4, 4, 4, 5, 22, 12, 6, 4]);

/** Currencies too volatile for schools to price in: some programmes are priced in USD instead. */
const DOLLARISED = new Set(["AR", "VE", "NG", "EG", "TR", "LB", "GH", "ZW", "IR", "SY"]);

/** Public universities in these countries charge low or no tuition (factor on the baseline). */
const LOW_TUITION: Readonly<Record<string, number>> = {
  DE: 0.08,
  NO: 0.08,
  AT: 0.15,
  FR: 0.15,
  BE: 0.15,
  IT: 0.2,
  ES: 0.25,
  CZ: 0.2,
  PL: 0.3,
  GR: 0.15,
  FI: 0.6,
  SE: 0.7,
  DK: 0.7,
  NL: 0.5,
  IS: 0.2,
};

const TYPE_TUITION_FACTOR: Readonly<Record<string, number>> = {
  "Public university": 0.8,
  "Private university": 1.4,
  "Business school": 1.3,
  "Institute of technology": 1,
  "Online university": 0.5,
  College: 0.6,
};

/** Study days per duration unit (a study day is 8 hours). */
const DAYS_PER_UNIT: Readonly<Record<DurationUnit, number>> = {
  hours: 1 / 8,
  days: 1,
  weeks: 7,
  months: 30,
  years: 365,
};

const UNIT_SINGULAR: Readonly<Record<DurationUnit, string>> = {
  hours: "hour",
  days: "day",
  weeks: "week",
  months: "month",
  years: "year",
};

/** The attendance a programme's name states ("Online MBA", "... (Blended)"), if any. */
export function attendanceNamedIn(name: string): AttendanceMode | undefined {
  if (/^Online\b|\(Online\)/.test(name)) return "ONLINE";
  if (/\(Blended\)/.test(name)) return "BLENDED";
  return undefined;
}

/** The study format a programme's name states ("(Part-time)", "Evening Cohort"), if any. */
export function formatNamedIn(name: string): CourseFormat | undefined {
  return /\(Part-time\)|Evening Cohort/.test(name) ? "PART" : undefined;
}

const NAME_VARIANTS: ReadonlyArray<readonly [string, string]> = [
  [" (Online)", "-online"],
  [" (Part-time)", "-part-time"],
  [" (Blended)", "-blended"],
  [" (January Intake)", "-january-intake"],
  [" (September Intake)", "-september-intake"],
  [" (Accelerated)", "-accelerated"],
  [" (International Track)", "-international-track"],
  [" – Evening Cohort", "-evening-cohort"],
];

/** Rounds a fee to a "price list" value: 2-3 significant digits. */
function niceAmount(value: number): number {
  if (value < 100) return Math.max(1, Math.round(value));
  const magnitude = Math.pow(10, Math.floor(Math.log10(value)) - 2);
  return Math.round(value / magnitude) * magnitude;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export interface CourseGenerator {
  next(): CourseRecord;
}

/** How many courses are forced to be featured, published and from schools outside Asia/Africa. */
const SHOWCASE_COURSES = 150;

export function createCourseGenerator(
  schools: readonly SchoolRecord[],
  totalCourses: number,
  seed: number,
): CourseGenerator {
  if (schools.length === 0) throw new Error("cannot generate courses without schools");
  const random = createRandom(seed, 2);
  const schoolWeights = cumulativeWeights(schools.map((s) => s.courseWeight));
  // The spec drops Asian and African schools from the home page's featured rows (discovery §1), so
  // the guaranteed featured courses come from schools elsewhere.
  const showcaseSchools = schools.filter((s) => s.continent !== "AS" && s.continent !== "AF");
  const showcase = showcaseSchools.length > 0 ? showcaseSchools : schools;
  const showcaseWeights = cumulativeWeights(showcase.map((s) => s.courseWeight));
  const showcaseCount = Math.min(totalCourses, SHOWCASE_COURSES);
  const showcaseStride = Math.max(1, Math.floor(totalCourses / Math.max(1, showcaseCount)));
  const localForms = buildLocalForms();
  const usedSlugs = createStringHashSet(totalCourses);
  const moduleOrder = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  const englishId = LANGUAGE_BY_CODE.get("en")?.id ?? 1;
  const usd = currencyId("USD");
  let index = 0;

  function pickDiscipline(school: SchoolRecord): number {
    if (school.institutionType === "Business school")
      return BUSINESS_SCHOOL_DISCIPLINES[random.indexWeighted(BUSINESS_SCHOOL_WEIGHTS)] ?? 0;
    if (school.institutionType === "Institute of technology")
      return TECH_DISCIPLINES[random.indexWeighted(TECH_WEIGHTS)] ?? 0;
    return random.indexWeighted(GENERAL_DISCIPLINE_WEIGHTS);
  }

  function pickWord(vocabulary: Vocabulary): number {
    return Math.floor(random.next() * vocabulary.words.length);
  }

  interface NameChoice {
    name: string;
    nameSlug: string;
    topic: string;
    degreeTypeId: number;
    isDoctorate: boolean;
  }

  function nameFromForm(
    f: NameForm,
    discipline: number,
    vocabularyOverride?: Vocabulary,
  ): NameChoice {
    const vocabulary =
      vocabularyOverride ??
      (f.source === "skill"
        ? SKILLS[discipline]
        : f.source === "mba"
          ? MBA_TOPICS[discipline]
          : f.source === "mph"
            ? MPH_TOPICS
            : TOPICS[discipline]);
    let topic = "";
    let topicSlug = "";
    if (f.source !== "none" && vocabulary) {
      const w = pickWord(vocabulary);
      topic = vocabulary.words[w] as string;
      topicSlug = vocabulary.slugs[w] as string;
      if (f.joiner !== "") {
        // A second, different topic: from a related discipline for "with", the same one for "and".
        const other =
          f.joiner === " with "
            ? (TOPICS[random.pick(RELATED_INDEXES[discipline] ?? [discipline])] ?? vocabulary)
            : vocabulary;
        const w2 = pickWord(other);
        const second = other.words[w2] as string;
        // "X and Y" reads badly when X or Y already contains "and".
        if (
          second !== topic &&
          !(f.joiner === " and " && (topic.includes(" and ") || second.includes(" and ")))
        ) {
          topic = topic + f.joiner + second;
          topicSlug =
            topicSlug + (f.joiner === " with " ? "-with-" : "-and-") + (other.slugs[w2] as string);
        }
      }
    }
    const name = f.before + topic + f.after;
    let nameSlug = f.beforeSlug;
    if (topicSlug) nameSlug = nameSlug ? `${nameSlug}-${topicSlug}` : topicSlug;
    if (f.afterSlug) nameSlug = `${nameSlug}-${f.afterSlug}`;
    const degree = f.degreeTypeId;
    return {
      name,
      nameSlug,
      topic: topic || (DISCIPLINES[discipline]?.topics[0] ?? ""),
      degreeTypeId: degree,
      isDoctorate: degree === PHD || degree === DBA,
    };
  }

  const PHD = degreeByShortName("PhD").id;
  const DBA = degreeByShortName("DBA").id;
  const MBA = degreeByShortName("MBA").id;
  const EMBA = degreeByShortName("EMBA").id;
  const EXECUTIVE_DIPLOMA = degreeByShortName("Executive Diploma").id;
  const BA = degreeByShortName("BA").id;
  const MA = degreeByShortName("MA").id;

  function chooseName(
    level: Level,
    discipline: number,
    local: boolean,
    languageCode: string,
  ): NameChoice {
    const data = DISCIPLINES[discipline];
    if (!data) throw new Error("discipline out of range");
    if (local) {
      const forms = localForms.get(languageCode);
      const vocabulary = forms?.topics.get(discipline);
      if (forms && vocabulary) {
        const f = random.pick(forms.forms[level]);
        const choice = nameFromForm(f, discipline, vocabulary);
        // Local degree names map to the discipline's usual degree type (BA/MA are placeholders).
        if (choice.degreeTypeId === BA)
          choice.degreeTypeId = degreeByShortName(data.undergraduateDegrees[0] ?? "BA").id;
        if (choice.degreeTypeId === MA)
          choice.degreeTypeId = degreeByShortName(data.postgraduateDegrees[0] ?? "MA").id;
        return choice;
      }
    }
    switch (level) {
      case "undergraduate":
        return nameFromForm(
          pickForm(random, formsForDegree(random.pick(data.undergraduateDegrees))),
          discipline,
        );
      case "postgraduate": {
        // Doctorates are a minority of postgraduate programmes.
        let degree = random.pick(data.postgraduateDegrees);
        if ((degree === "PhD" || degree === "DBA") && random.chance(0.6))
          degree = data.postgraduateDegrees[0] ?? "MSc";
        return nameFromForm(pickForm(random, formsForDegree(degree)), discipline);
      }
      case "executive": {
        const mba = random.chance(data.slug === "business-and-administration" ? 0.35 : 0.08);
        return nameFromForm(
          pickForm(random, mba ? EXECUTIVE_MBA_FORMS : EXECUTIVE_FORMS),
          discipline,
        );
      }
      case "short":
        return nameFromForm(pickForm(random, SHORT_FORMS), discipline);
      case "certificate":
        return nameFromForm(pickForm(random, CERTIFICATE_FORMS), discipline);
    }
  }

  function chooseDuration(
    level: Level,
    degreeTypeId: number,
    discipline: number,
  ): [number, DurationUnit] {
    const r = random.next();
    switch (level) {
      case "undergraduate": {
        const slug = DISCIPLINES[discipline]?.slug;
        if (r < 0.08) return [random.pick([30, 36, 48]), "months"];
        if ((slug === "medicine" || slug === "engineering-and-technology") && r < 0.2)
          return [5, "years"];
        return [r < 0.55 ? 3 : 4, "years"];
      }
      case "postgraduate":
        if (degreeTypeId === PHD) return [random.int(3, 5), "years"];
        if (degreeTypeId === DBA) return [random.int(3, 4), "years"];
        if (r < 0.45) return [1, "years"];
        if (r < 0.72) return [2, "years"];
        return [random.pick([12, 15, 16, 18, 20, 24]), "months"];
      case "executive":
        if (degreeTypeId === EMBA) return [random.pick([12, 15, 18, 20, 21, 24]), "months"];
        if (degreeTypeId === EXECUTIVE_DIPLOMA) return [random.int(6, 12), "months"];
        if (r < 0.45) return [random.int(4, 16), "weeks"];
        if (r < 0.85) return [random.int(2, 10), "days"];
        return [random.int(3, 6), "months"];
      case "short":
        if (r < 0.35)
          return [random.pick([6, 8, 10, 12, 16, 20, 24, 30, 40, 60, 80, 120]), "hours"];
        if (r < 0.6) return [random.int(1, 10), "days"];
        if (r < 0.95) return [random.int(2, 12), "weeks"];
        return [random.int(1, 3), "months"];
      case "certificate":
        if (r < 0.5) return [random.int(3, 12), "months"];
        if (r < 0.8) return [random.int(6, 26), "weeks"];
        if (r < 0.9) return [1, "years"];
        return [random.pick([40, 60, 80, 100, 120, 150, 200]), "hours"];
    }
  }

  /** Baseline fee in USD (US price level) for one unit of the fee base. */
  function baselineUsd(level: Level, degreeTypeId: number, base: string, years: number): number {
    let perYear: number;
    switch (level) {
      case "undergraduate":
        perYear = 18_000;
        break;
      case "postgraduate":
        perYear = degreeTypeId === MBA ? 45_000 : degreeTypeId === PHD ? 12_000 : 24_000;
        break;
      case "executive":
        return base === "month" ? 2_500 : degreeTypeId === EMBA ? 95_000 : 9_000;
      case "short":
        return base === "month" ? 59 : 900;
      case "certificate":
        return base === "month" ? 180 : base === "credit" ? 650 : 4_500;
    }
    if (base === "semester") return perYear / 2;
    if (base === "credit") return perYear / 30;
    if (base === "month") return perYear / 10;
    if (base === "programme") return perYear * Math.max(1, years);
    return perYear;
  }

  function chooseFeeBase(level: Level): string {
    const r = random.next();
    switch (level) {
      case "undergraduate":
        return r < 0.7 ? "year" : r < 0.85 ? "semester" : r < 0.93 ? "credit" : "programme";
      case "postgraduate":
        return r < 0.4 ? "programme" : r < 0.8 ? "year" : r < 0.9 ? "semester" : "credit";
      case "executive":
        return r < 0.92 ? "programme" : "month";
      case "short":
        return r < 0.85 ? "programme" : "month";
      case "certificate":
        return r < 0.7 ? "programme" : r < 0.85 ? "month" : "credit";
    }
  }

  function next(): CourseRecord {
    const i = index++;
    const id = i + 1;
    const showcaseSlot =
      i % showcaseStride === 0 && i / showcaseStride < showcaseCount ? i / showcaseStride : -1;
    const level: Level =
      showcaseSlot >= 0
        ? (LEVELS[showcaseSlot % LEVELS.length] as Level)
        : (LEVELS[random.indexWeighted(LEVEL_WEIGHTS)] as Level);
    const school =
      showcaseSlot >= 0
        ? (showcase[random.indexWeighted(showcaseWeights)] as SchoolRecord)
        : (schools[random.indexWeighted(schoolWeights)] as SchoolRecord);

    // Disciplines: a primary and up to two related ones. Executive education is mostly business.
    const primary =
      level === "executive" && random.chance(0.55) ? BUSINESS : pickDiscipline(school);
    const disciplineIndexes = [primary];
    const extra = random.next();
    const related = RELATED_INDEXES[primary] ?? [];
    if (extra < 0.45 && related.length > 0) {
      const first = random.pick(related);
      disciplineIndexes.push(first);
      if (extra < 0.12) {
        const second = random.pick(related);
        if (second !== first) disciplineIndexes.push(second);
      }
    }

    // Language: mostly English; a quarter of courses at non-English-speaking schools use the local language.
    const local = school.localLanguage !== "en" && random.chance(0.25);
    const languageCode = local ? school.localLanguage : "en";
    const language = LANGUAGE_BY_CODE.get(languageCode);
    const languageId = language?.id ?? englishId;

    // Name, unique per slug.
    let choice = chooseName(level, primary, local, languageCode);
    let slug = `${choice.nameSlug}-${school.slug}`;
    for (let attempts = 0; !usedSlugs.add(slug); attempts++) {
      if (attempts < 6) {
        choice = chooseName(level, primary, local, languageCode);
        slug = `${choice.nameSlug}-${school.slug}`;
        continue;
      }
      // Still taken: qualify the name ("(Online)", "(January Intake)", ..., then "Cohort n").
      const variant = NAME_VARIANTS.find(
        ([, suffixSlug]) => !usedSlugs.has(`${choice.nameSlug}${suffixSlug}-${school.slug}`),
      );
      let suffix = variant?.[0];
      let suffixSlug = variant?.[1];
      for (let cohort = 2; suffix === undefined; cohort++) {
        if (!usedSlugs.has(`${choice.nameSlug}-cohort-${cohort}-${school.slug}`)) {
          suffix = ` – Cohort ${cohort}`;
          suffixSlug = `-cohort-${cohort}`;
        }
      }
      choice = {
        ...choice,
        name: choice.name + suffix,
        nameSlug: choice.nameSlug + (suffixSlug ?? ""),
      };
      slug = `${choice.nameSlug}-${school.slug}`;
    }

    const [duration, durationBase] = chooseDuration(level, choice.degreeTypeId, primary);
    const fullTimeShare =
      level === "undergraduate"
        ? 0.7
        : level === "postgraduate"
          ? 0.55
          : level === "executive"
            ? 0.15
            : level === "short"
              ? 0.25
              : 0.3;
    const drawnFormat: CourseFormat = random.chance(fullTimeShare) ? "FULL" : "PART";
    const a = random.next();
    const drawnAttendance: AttendanceMode = a < 0.55 ? "ONLINE" : a < 0.85 ? "BLENDED" : "SITE";
    // A name that states how the programme is taught is never contradicted by its facts.
    const courseFormat = formatNamedIn(choice.name) ?? drawnFormat;
    const attendance = attendanceNamedIn(choice.name) ?? drawnAttendance;

    // Dates: 7% not announced; deadlines 1-5 months before the start, 15% not announced.
    let startMonth = 0;
    let startYear = 0;
    let deadlineMonth = 0;
    let deadlineYear = 0;
    if (random.chance(0.93)) {
      startMonth = random.indexWeighted(START_MONTH_WEIGHTS) + 1;
      startYear = random.chance(0.55) ? 2026 : 2027;
      if (random.chance(0.85)) {
        const monthsBefore = random.int(1, 5);
        const absolute = startYear * 12 + (startMonth - 1) - monthsBefore;
        deadlineYear = Math.floor(absolute / 12);
        deadlineMonth = (absolute % 12) + 1;
      }
    }

    // Tuition in the school's currency (or USD where the local currency is volatile).
    const freeShare = level === "short" ? 0.15 : level === "certificate" ? 0.08 : 0.02;
    const forceFree = showcaseSlot >= 0 && showcaseSlot % 7 === 3;
    let tuitionFeeBase = chooseFeeBase(level);
    // A monthly fee only makes sense for programmes that last months; credits only for degrees.
    if (tuitionFeeBase === "month" && durationBase !== "months" && durationBase !== "years")
      tuitionFeeBase = "programme";
    const inUsd = DOLLARISED.has(school.countryCode) && random.chance(0.4);
    const tuitionCurrencyId = inUsd ? usd : school.currencyId;
    const rate = inUsd ? 1 : school.currencyRate;
    const currencyCode = inUsd ? "USD" : school.currencyCode;
    let tuitionFee: number;
    const f = random.next();
    if (forceFree || f < freeShare) tuitionFee = 0;
    else if (f < freeShare + 0.05) tuitionFee = -1;
    else {
      const years =
        durationBase === "years" ? duration : durationBase === "months" ? duration / 12 : 1;
      // Tuition scales faster than living costs between rich and poorer countries.
      let usdAmount =
        baselineUsd(level, choice.degreeTypeId, tuitionFeeBase, years) *
        Math.pow(school.priceLevel, 1.5) *
        (TYPE_TUITION_FACTOR[school.institutionType] ?? 1);
      if (
        tuitionFeeBase === "programme" &&
        (level === "short" ||
          level === "certificate" ||
          (level === "executive" && choice.degreeTypeId !== EMBA))
      ) {
        // Shorter courses cost less: scale by length (about two weeks of study = 1).
        const days = DAYS_PER_UNIT[durationBase] * duration;
        usdAmount *= Math.min(2.5, Math.max(0.3, Math.sqrt(days / 14)));
      }
      const low = LOW_TUITION[school.countryCode];
      const degreeLevel =
        level === "undergraduate" ||
        (level === "postgraduate" && choice.degreeTypeId !== MBA && choice.degreeTypeId !== DBA);
      if (low !== undefined && school.institutionType === "Public university" && degreeLevel)
        usdAmount *= low;
      usdAmount *= 0.6 + random.next() * 0.9;
      tuitionFee = niceAmount(usdAmount * rate);
    }
    const tuitionFeeUsd = tuitionFee < 0 ? null : tuitionFee === 0 ? 0 : round2(tuitionFee / rate);

    const featured = showcaseSlot >= 0 || random.chance(0.075);
    const published = showcaseSlot >= 0 || random.chance(0.98);

    // Modules: a random selection from the primary discipline, one from a secondary if any.
    const modulesSource = MODULES_HTML[primary] as readonly string[];
    for (let k = 0; k < 8; k++) {
      const j = k + Math.floor(random.next() * (moduleOrder.length - k));
      const tmp = moduleOrder[k] as number;
      moduleOrder[k] = moduleOrder[j] as number;
      moduleOrder[j] = tmp;
    }
    const modules: string[] = [];
    for (let k = 0; k < 8; k++) modules.push(modulesSource[moduleOrder[k] as number] as string);
    const secondary = disciplineIndexes[1];
    if (secondary !== undefined)
      modules[5] = (MODULES_HTML[secondary] as readonly string[])[
        moduleOrder[8] as number
      ] as string;

    const officialUrl = `https://www.${school.slug}.example.edu/programmes/${slug}`;
    const unit = duration === 1 ? UNIT_SINGULAR[durationBase] : durationBase;
    const feeText =
      tuitionFee > 0
        ? `${currencyCode} ${formatThousands(tuitionFee)} ${tuitionFeeBase === "programme" ? "for the full programme" : `per ${tuitionFeeBase}`}`
        : "";
    const ctx: TextContext = {
      name: choice.name,
      nameHtml: escapeHtml(choice.name),
      schoolName: school.name,
      schoolHtml: school.nameHtml,
      city: school.city,
      cityHtml: school.cityHtml,
      country: school.countryName,
      countryHtml: school.countryHtml,
      topic: choice.topic,
      topicHtml: escapeHtml(choice.topic),
      disciplineSlug: DISCIPLINES[primary]?.slug ?? "",
      disciplineHtml: DISCIPLINE_HTML[primary] ?? "",
      level,
      isDoctorate: choice.isDoctorate,
      durationText: `${duration} ${unit}`,
      durationAdjective: `${duration}-${UNIT_SINGULAR[durationBase]}`,
      formatText: courseFormat === "FULL" ? "full-time" : "part-time",
      attendance,
      languageName: language?.name ?? "English",
      feeText,
      free: tuitionFee === 0,
      unknownFee: tuitionFee < 0,
      officialUrl,
      modules,
    };

    // About 15% have neither tuition-and-aid nor scholarship text, another 15% no scholarship.
    const aid = random.next();
    const tuitionAndAid = aid < 0.15 ? "" : tuitionAndAidHtml(ctx, random);
    const scholarship = aid < 0.3 ? "" : scholarshipHtml(ctx, random);

    let disciplineNames = "";
    const disciplineIds: number[] = [];
    for (const d of disciplineIndexes) {
      disciplineIds.push(d + 1);
      const name = DISCIPLINES[d]?.name ?? "";
      disciplineNames = disciplineNames ? `${disciplineNames} ${name}` : name;
    }

    return {
      id,
      slug,
      name: choice.name,
      about: aboutText(ctx, random),
      overview: overviewHtml(ctx, random, random.chance(0.15)),
      whyChose: whyChoseHtml(ctx, random),
      whoFor: whoForHtml(ctx, random),
      admissionRequirements: admissionHtml(ctx, random),
      otherRequirements: otherRequirementsHtml(ctx, random),
      programmeStructure: programmeStructureHtml(ctx, random, durationBase, duration),
      syllabus: syllabusHtml(ctx, random),
      tuitionAndAid,
      scholarship,
      video: random.chance(0.04) ? youtubeEmbed(random) : "",
      officialProgrammeWebsite: officialUrl,
      schoolId: school.id,
      programmeTypeId: PROGRAMME_TYPE_ID[level],
      degreeTypeId: choice.degreeTypeId,
      languageId,
      duration,
      durationBase,
      courseFormat,
      attendance,
      startMonth,
      startYear,
      deadlineMonth,
      deadlineYear,
      tuitionFee,
      tuitionCurrencyId,
      tuitionFeeBase,
      tuitionFeeUsd,
      featured,
      published,
      shuffleKey: random.uint31(),
      schoolName: school.name,
      disciplineNames,
      disciplineIds,
    };
  }

  return { next };
}
