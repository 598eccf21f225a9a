// The words a student types that are the finder's own filters or order (docs/decisions/
// 045-words-that-are-filters.md): data, reviewed like the synonym table, not rules in code. Country
// names come from the countries table; this file adds their common names. Every phrase is matched
// as whole words, after accents, case, apostrophes and dots are set aside ("Master's" = "masters",
// "U.K." = "uk") and hyphens are read as spaces ("part-time" = "part time").
import type { ProgrammeSlug } from "@studyatlas/schemas/catalogue-constants.ts";

/** Common names of countries, to the country's slug in the countries table. */
export const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  uk: "united-kingdom",
  "u k": "united-kingdom",
  britain: "united-kingdom",
  "great britain": "united-kingdom",
  england: "united-kingdom",
  scotland: "united-kingdom",
  wales: "united-kingdom",
  "northern ireland": "united-kingdom",
  us: "united-states",
  usa: "united-states",
  america: "united-states",
  "united states of america": "united-states",
  "the states": "united-states",
  uae: "united-arab-emirates",
  emirates: "united-arab-emirates",
  deutschland: "germany",
  holland: "netherlands",
  "the netherlands": "netherlands",
  nederland: "netherlands",
  czechia: "czech-republic",
  korea: "south-korea",
  espana: "spain",
  italia: "italy",
  schweiz: "switzerland",
  suisse: "switzerland",
  osterreich: "austria",
  brasil: "brazil",
  turkiye: "turkey",
  burma: "myanmar",
  "cote d ivoire": "ivory-coast",
  nz: "new-zealand",
};

/** Words that name a programme level: the finder's programme filter (its programme types). */
export const LEVEL_WORDS: Readonly<Record<string, ProgrammeSlug>> = {
  undergraduate: "undergraduate",
  undergraduates: "undergraduate",
  undergrad: "undergraduate",
  undergrads: "undergraduate",
  bachelor: "undergraduate",
  bachelors: "undergraduate",
  "bachelor degree": "undergraduate",
  "bachelors degree": "undergraduate",
  "bachelor degrees": "undergraduate",
  "bachelors degrees": "undergraduate",
  "undergraduate degree": "undergraduate",
  "undergraduate degrees": "undergraduate",
  postgraduate: "postgraduate",
  postgraduates: "postgraduate",
  postgrad: "postgraduate",
  postgrads: "postgraduate",
  graduate: "postgraduate",
  master: "postgraduate",
  masters: "postgraduate",
  "master degree": "postgraduate",
  "masters degree": "postgraduate",
  "master degrees": "postgraduate",
  "masters degrees": "postgraduate",
  "postgraduate degree": "postgraduate",
  "postgraduate degrees": "postgraduate",
  "graduate degree": "postgraduate",
  "graduate degrees": "postgraduate",
  "executive education": "executive",
  "short course": "short",
  "short courses": "short",
};

/** The label of a level chip, by the programme it filters to. */
export const LEVEL_LABELS: Readonly<Record<ProgrammeSlug, string>> = {
  undergraduate: "Undergraduate",
  postgraduate: "Postgraduate",
  executive: "Executive Education",
  short: "Short Courses",
  certificate: "Certificate Courses",
};

/** Words that name how a programme is attended (the finder's attendance filter). */
export const ATTENDANCE_WORDS: Readonly<Record<string, "SITE" | "ONLINE" | "BLENDED">> = {
  online: "ONLINE",
  "online learning": "ONLINE",
  "online study": "ONLINE",
  "online studies": "ONLINE",
  "distance learning": "ONLINE",
  "distance education": "ONLINE",
  "e learning": "ONLINE",
  elearning: "ONLINE",
  remote: "ONLINE",
  "on campus": "SITE",
  oncampus: "SITE",
  "in person": "SITE",
  blended: "BLENDED",
  "blended learning": "BLENDED",
  hybrid: "BLENDED",
};

export const ATTENDANCE_LABELS = { ONLINE: "Online", SITE: "On campus", BLENDED: "Blended" };

/** Words that name the study load (the finder's course format filter). */
export const FORMAT_WORDS: Readonly<Record<string, "FULL" | "PART">> = {
  "part time": "PART",
  parttime: "PART",
  "full time": "FULL",
  fulltime: "FULL",
};

export const FORMAT_LABELS = { PART: "Part time", FULL: "Full time" };

/** Words that ask for the lowest fees first (the finder's tuition order). */
export const CHEAP_WORDS: readonly string[] = [
  "cheap",
  "cheaper",
  "cheapest",
  "affordable",
  "inexpensive",
  "budget",
  "low cost",
  "lowcost",
  "low tuition",
  "low fees",
  "lowest tuition",
  "lowest fees",
  "least expensive",
];

/** Words that ask for programmes without a fee (the finder's tuition filter, 0 to 0 USD). */
export const FREE_WORDS: readonly string[] = [
  "free",
  "tuition free",
  "free tuition",
  "no tuition",
  "no fees",
];

/**
 * Phrases that are subjects or degree names, in which none of the words above is a filter: the
 * student meant the programme ("online marketing" is a subject, not marketing taught online;
 * "graduate certificate" is a certificate, not a postgraduate programme). A level word followed by
 * "of" is a degree's name too ("Master of Science") and is never a filter.
 */
export const SUBJECT_PHRASES: readonly string[] = [
  "online marketing",
  "online journalism",
  "online media",
  "online business",
  "online retail",
  "online communication",
  "online communications",
  "online safety",
  "graduate certificate",
  "graduate certificates",
  "graduate diploma",
  "graduate diplomas",
  "graduate entry",
  "master class",
  "master classes",
  "executive master",
  "executive masters",
  "budget management",
  "budget analysis",
  "free trade",
  "free software",
  "hybrid systems",
  "hybrid vehicles",
  "remote sensing",
  "distance learning design",
  "new england",
];

/**
 * Plain-language openings that say what the student wants, not what to search ("I want to study
 * computer science in Canada", "how to become a psychologist"): dropped from the start of the
 * text, with no chip, as long as some words are left to search. The subject after them is
 * searched as typed (a profession finds its field through the variants, matching/variants.ts).
 */
export const OPENING_PHRASES: readonly string[] = [
  "i want to study",
  "i would like to study",
  "i d like to study",
  "id like to study",
  "i want to become a",
  "i want to become an",
  "i want to become",
  "i want to be a",
  "i want to be an",
  "how to become a",
  "how to become an",
  "how to become",
  "how do i become a",
  "how do i become an",
  "how do i become",
  "where to study",
  "where can i study",
  "best place to study",
  "want to study",
  "studying",
  "study",
];

/**
 * Words that name a master's degree: the finder's degree type filter, to every degree type of the
 * catalogue named "Master of …" or "Master in …" (a master's, not a doctorate, which the
 * postgraduate level also holds). Where the catalogue has no such degree type they are the
 * postgraduate level (LEVEL_WORDS).
 */
export const MASTERS_WORDS: readonly string[] = [
  "master",
  "masters",
  "master degree",
  "masters degree",
  "master degrees",
  "masters degrees",
];

/** The label of the master's degrees chip. */
export const MASTERS_LABEL = "Master's";

/** A degree type of the catalogue that is a master's degree, by its name. */
export const MASTERS_DEGREE_NAME = /^master (?:of|in)\b/i;
