// How a judged query grades a programme: rules over the catalogue generator's ground truth
// (packages/db/src/seed: the programme's disciplines, level, degree type, country, attendance,
// format, fee and name), never over what a search engine answered (README.md in this folder).

/** A programme as the generator made it: the facts the rules read. */
export interface Programme {
  id: number;
  name: string;
  /** Discipline slugs, the primary one first. */
  disciplines: string[];
  /** The programme type's slug: undergraduate, postgraduate, executive, short, certificate. */
  level: string;
  /** The degree type's short name (BSc, MBA, PhD, Executive Certificate…). */
  degree: string | null;
  /** The school's country, ISO 3166 alpha-2 (GB, US, DE…). */
  country: string;
  /** ONLINE, BLENDED or SITE. */
  attendance: string;
  /** FULL or PART. */
  format: string;
  /** -1 unknown, 0 free, else in the programme's currency. */
  tuitionFee: number;
  tuitionUsd: number | null;
  /** The language code of the programme's name (en, de, es…). */
  language: string | null;
}

/** Every field given must hold (and); `any` holds when one of its conditions holds. */
export interface Condition {
  /** A regular expression the name matches: case-insensitive, over the name without accents. */
  name?: string;
  /** A regular expression the name must not match. */
  notName?: string;
  /** One of the programme's disciplines is one of these slugs. */
  discipline?: string[];
  /** The programme's primary discipline is one of these slugs. */
  primary?: string[];
  /** The programme type is one of these slugs. */
  level?: string[];
  /** The degree type's short name is one of these. */
  degree?: string[];
  /** The degree type's short name is none of these. */
  notDegree?: string[];
  /** The school's country is one of these ISO codes. */
  country?: string[];
  attendance?: string[];
  format?: string[];
  /** A known fee of at most this many US dollars a programme (free included). */
  maxUsd?: number;
  /** Free: a fee of 0. */
  free?: boolean;
  any?: Condition[];
  /** Every one of these conditions holds. */
  all?: Condition[];
}

export type Grade = 0 | 1 | 2 | 3;

/** The kinds of query the set mixes (README.md in this folder). */
export type QueryKind =
  | "abbreviation"
  | "word-start"
  | "variant"
  | "typo"
  | "filter-word"
  | "natural"
  | "exact-name"
  | "compound"
  | "plain";

export interface JudgedQuery {
  /** What the student types in the search box. */
  query: string;
  kind: QueryKind;
  /** Grade tiers: a programme's grade is the highest tier whose condition it meets, else 0. */
  grades: ReadonlyArray<readonly [Exclude<Grade, 0>, Condition]>;
}

/** Lower case without accents: "Máster en Psicología" → "master en psicologia". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

const patterns = new Map<string, RegExp>();
function pattern(source: string): RegExp {
  let compiled = patterns.get(source);
  if (!compiled) {
    compiled = new RegExp(source, "i");
    patterns.set(source, compiled);
  }
  return compiled;
}

/** Whether `programme` meets `condition` (`folded` is its name through fold()). */
export function meets(programme: Programme, condition: Condition, folded = fold(programme.name)) {
  const c = condition;
  if (c.name !== undefined && !pattern(c.name).test(folded)) return false;
  if (c.notName !== undefined && pattern(c.notName).test(folded)) return false;
  if (c.discipline && !programme.disciplines.some((d) => c.discipline?.includes(d))) return false;
  if (c.primary && !c.primary.includes(programme.disciplines[0] ?? "")) return false;
  if (c.level && !c.level.includes(programme.level)) return false;
  if (c.degree && !c.degree.includes(programme.degree ?? "")) return false;
  if (c.notDegree?.includes(programme.degree ?? "")) return false;
  if (c.country && !c.country.includes(programme.country)) return false;
  if (c.attendance && !c.attendance.includes(programme.attendance)) return false;
  if (c.format && !c.format.includes(programme.format)) return false;
  if (c.free !== undefined && (programme.tuitionFee === 0) !== c.free) return false;
  if (c.maxUsd !== undefined) {
    const usd = programme.tuitionFee === 0 ? 0 : programme.tuitionUsd;
    if (usd === null || programme.tuitionFee < 0 || usd > c.maxUsd) return false;
  }
  if (c.any && !c.any.some((one) => meets(programme, one, folded))) return false;
  if (c.all && !c.all.every((one) => meets(programme, one, folded))) return false;
  return true;
}

/** The programme's grade for the query: its highest tier met, else 0. */
export function gradeOf(programme: Programme, judged: JudgedQuery, folded = fold(programme.name)) {
  let grade: Grade = 0;
  for (const [tier, condition] of judged.grades) {
    if (tier > grade && meets(programme, condition, folded)) grade = tier;
  }
  return grade;
}

/** Every programme's grade above 0 for the query, by programme id. */
export function judge(
  programmes: readonly Programme[],
  judged: JudgedQuery,
  foldedNames: readonly string[] = programmes.map((p) => fold(p.name)),
): Map<number, Grade> {
  const grades = new Map<number, Grade>();
  programmes.forEach((programme, index) => {
    const grade = gradeOf(programme, judged, foldedNames[index]);
    if (grade > 0) grades.set(programme.id, grade);
  });
  return grades;
}
