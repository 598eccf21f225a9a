// Programme levels, degree types and languages. Programme type ids 7 and 8 are fixed by the spec
// (discovery §3: "Programme type id 7 means bachelors/undergraduate and 8 means postgraduate").

export const LEVELS = [
  "undergraduate",
  "postgraduate",
  "executive",
  "short",
  "certificate",
] as const;
export type Level = (typeof LEVELS)[number];

export interface ProgrammeTypeData {
  id: number;
  name: string;
  slug: Level;
  label: string;
}

export const PROGRAMME_TYPES: readonly ProgrammeTypeData[] = [
  { id: 7, name: "Bachelors", slug: "undergraduate", label: "Undergraduate" },
  { id: 8, name: "Masters", slug: "postgraduate", label: "Graduate" },
  { id: 9, name: "Executive Education", slug: "executive", label: "Executive Education" },
  { id: 10, name: "Short Courses", slug: "short", label: "Short Courses" },
  { id: 11, name: "Certificate Courses", slug: "certificate", label: "Certificate Courses" },
];

export const PROGRAMME_TYPE_ID: Readonly<Record<Level, number>> = {
  undergraduate: 7,
  postgraduate: 8,
  executive: 9,
  short: 10,
  certificate: 11,
};

/** Share of generated courses per level. */
export const LEVEL_SHARES: Readonly<Record<Level, number>> = {
  undergraduate: 0.3,
  postgraduate: 0.35,
  executive: 0.12,
  short: 0.12,
  certificate: 0.11,
};

export interface DegreeTypeData {
  id: number;
  name: string;
  shortName: string;
  level: Level;
  /** The long form used in names: "Bachelor of Science" (in Data Science). */
  longForm: string;
}

// [name, short name, level]; ids are 1-based positions.
const DEGREE_ROWS: ReadonlyArray<readonly [string, string, Level]> = [
  ["Bachelor of Science", "BSc", "undergraduate"],
  ["Bachelor of Arts", "BA", "undergraduate"],
  ["Bachelor of Business Administration", "BBA", "undergraduate"],
  ["Bachelor of Laws", "LLB", "undergraduate"],
  ["Bachelor of Engineering", "BEng", "undergraduate"],
  ["Master of Science", "MSc", "postgraduate"],
  ["Master of Arts", "MA", "postgraduate"],
  ["Master of Business Administration", "MBA", "postgraduate"],
  ["Master of Laws", "LLM", "postgraduate"],
  ["Master of Education", "MEd", "postgraduate"],
  ["Master of Public Health", "MPH", "postgraduate"],
  ["Doctor of Philosophy", "PhD", "postgraduate"],
  ["Doctor of Business Administration", "DBA", "postgraduate"],
  ["Executive MBA", "EMBA", "executive"],
  ["Executive Certificate", "Executive Certificate", "executive"],
  ["Executive Diploma", "Executive Diploma", "executive"],
  ["Short Course", "Short Course", "short"],
  ["Micro-credential", "Micro-credential", "short"],
  ["Certificate", "Certificate", "certificate"],
  ["Graduate Certificate", "Graduate Certificate", "certificate"],
  ["Professional Certificate", "Professional Certificate", "certificate"],
  ["Diploma", "Diploma", "certificate"],
];

export const DEGREE_TYPES: readonly DegreeTypeData[] = DEGREE_ROWS.map(
  ([name, shortName, level], index) => ({
    id: index + 1,
    name,
    shortName,
    level,
    longForm: name,
  }),
);

const DEGREE_BY_SHORT_NAME = new Map(DEGREE_TYPES.map((d) => [d.shortName, d]));

export function degreeByShortName(shortName: string): DegreeTypeData {
  const degree = DEGREE_BY_SHORT_NAME.get(shortName);
  if (!degree) throw new Error(`unknown degree type ${shortName}`);
  return degree;
}

export interface LanguageData {
  id: number;
  name: string;
  code: string;
}

const LANGUAGE_ROWS: ReadonlyArray<readonly [string, string]> = [
  ["English", "en"],
  ["Spanish", "es"],
  ["French", "fr"],
  ["German", "de"],
  ["Chinese", "zh"],
  ["Japanese", "ja"],
  ["Italian", "it"],
  ["Portuguese", "pt"],
  ["Dutch", "nl"],
  ["Korean", "ko"],
  ["Arabic", "ar"],
  ["Swedish", "sv"],
  ["Finnish", "fi"],
  ["Danish", "da"],
  ["Norwegian", "no"],
  ["Polish", "pl"],
  ["Czech", "cs"],
  ["Hungarian", "hu"],
  ["Greek", "el"],
  ["Turkish", "tr"],
  ["Hebrew", "he"],
  ["Malay", "ms"],
  ["Thai", "th"],
  ["Indonesian", "id"],
  ["Vietnamese", "vi"],
  ["Hindi", "hi"],
  ["Romanian", "ro"],
  ["Russian", "ru"],
];

export const LANGUAGES: readonly LanguageData[] = LANGUAGE_ROWS.map(([name, code], index) => ({
  id: index + 1,
  name,
  code,
}));

export const LANGUAGE_BY_CODE: ReadonlyMap<string, LanguageData> = new Map(
  LANGUAGES.map((l) => [l.code, l]),
);
