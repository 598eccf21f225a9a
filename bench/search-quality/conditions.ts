// The building blocks of the judged query set (queries.ts): conditions over the demo catalogue's
// generator (packages/db/src/seed) and the helpers that grade a query by them.
import type { Condition, JudgedQuery, QueryKind } from "./judgments.ts";

// ---- Building blocks ----------------------------------------------------------------------

/** Name patterns run over the name in lower case without accents (judgments.ts fold()). */
export const name = (pattern: string): Condition => ({ name: pattern });
export const and = (...all: Condition[]): Condition => ({ all });
export const or = (...any: Condition[]): Condition => ({ any });
export const primary = (...slugs: string[]): Condition => ({ primary: slugs });
export const discipline = (...slugs: string[]): Condition => ({ discipline: slugs });
export const degree = (...shorts: string[]): Condition => ({ degree: shorts });
export const country = (...codes: string[]): Condition => ({ country: codes });

/** An exact programme name, with the variants the generator appends ("(Online)", "– Evening Cohort"). */
export function exactName(text: string): Condition {
  const escaped = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return name(`^${escaped}( \\([a-z -]+\\)| – evening cohort)?$`);
}

// Levels (reference.ts): programme type 8 holds masters and doctorates.
export const MASTER: Condition = { level: ["postgraduate"], notDegree: ["PhD", "DBA"] };
export const POSTGRADUATE: Condition = { level: ["postgraduate"] };
export const BACHELOR: Condition = { level: ["undergraduate"] };
export const DOCTORATE: Condition = degree("PhD", "DBA");
export const SHORT: Condition = { level: ["short"] };
export const EXECUTIVE: Condition = { level: ["executive"] };
export const CERTIFICATE: Condition = { level: ["certificate"] };
// Formats and price words. "Cheap": a known fee of at most US$5,000 (free included), about the
// cheapest 40 % of priced programmes; "affordable" at most US$10,000.
export const ONLINE: Condition = { attendance: ["ONLINE"] };
export const BLENDED: Condition = { attendance: ["BLENDED"] };
export const PART_TIME: Condition = { format: ["PART"] };
export const FULL_TIME: Condition = { format: ["FULL"] };
export const CHEAP: Condition = { maxUsd: 5000 };
export const AFFORDABLE: Condition = { maxUsd: 10_000 };
export const FREE: Condition = { free: true };
// Countries (country-data.ts codes).
export const UK = country("GB");
export const USA = country("US");
export const GERMANY = country("DE");
export const CANADA = country("CA");
export const AUSTRALIA = country("AU");
export const SPAIN = country("ES");
export const FRANCE = country("FR");
export const NETHERLANDS = country("NL");
export const ITALY = country("IT");

// Subjects: the topics and skills of disciplines.ts and their local-language names
// (local-names.ts) that mean the same subject.
export const S = {
  cs: name(
    "computer science|\\binformati(k|ca|que)\\b|datavetenskap|ciencia da computacao|systemvetenskap",
  ),
  ai: name(
    "artificial intelligence|\\bai\\b|inteligencia artificial|intelligence artificielle|kunstliche intelligenz",
  ),
  ml: name("machine learning"),
  dataScience: name("data science|ciencia de datos|science des donnees|ciencia de dados"),
  dataAnalysis: name("data analytics|business analytics|sports analytics|learning analytics"),
  maths: name("mathemat|matemat|\\bmaths?\\b"),
  statistics: name("statistic"),
  psychology: name("psych|psicolog|psykologi"),
  economics: name(
    "economics|\\beconomi[ae]\\b|volkswirtschaftslehre|nationalekonomi|bedrijfseconomie",
  ),
  finance: name("financ|finanz|financas"),
  accounting: name("accounting|accountancy"),
  banking: name("banking"),
  hr: name("human resource|recursos humanos|ressources humaines|personalmanagement"),
  marketing: name("marketing"),
  management: name("\\bmanag|gestion|gestao|\\bdireccion\\b"),
  businessAdministration: name(
    "business administration|administracion y direccion de empresas|administracao de empresas|betriebswirtschaftslehre|gestion de empresas|gestion des entreprises|bedrijfskunde",
  ),
  law: name(
    "\\blaws?\\b|derecho|\\bdroit\\b|direito|rechtswissenschaft|giurisprudenza|juridik|rechtsgeleerdheid|wirtschaftsrecht|diritto|notarieel recht",
  ),
  medicine: name("medicine|medical|medicina|medecine|humanmedizin|zahnmedizin|odontolog"),
  nursing: name(
    "nursing|enfermeria|soins infirmiers|pflegewissenschaft|infermieristica|enfermagem|verpleegkunde|omvardnad",
  ),
  publicHealth: name("public health|salud publica|sante publique|saude publica|folkhalsovetenskap"),
  engineering: name(
    "engineering|ingenieria|\\bgenie\\b|engenharia|ingegneria|maschinenbau|elektrotechnik|bauingenieurwesen|wirtschaftsingenieurwesen|werktuigbouwkunde|civiele techniek|maskinteknik|byggteknik",
  ),
  mechanical: name(
    "mechanical engineering|ingenieria mecanica|genie mecanique|maschinenbau|ingegneria meccanica|engenharia mecanica|werktuigbouwkunde|maskinteknik",
  ),
  civil: name(
    "civil engineering|ingenieria civil|genie civil|bauingenieurwesen|ingegneria civile|engenharia civil|civiele techniek|byggteknik",
  ),
  electrical: name("electrical engineering|electronic engineering|genie electrique|elektrotechnik"),
  hotel: name("hotel|hospitality|hotellerie|hotelera|hoteleira"),
  tourism: name("touris|turism"),
  education: name(
    "education|educacion|educacao|teaching|pedagog|erziehungswissenschaft|lehramt|profesorado|enseignement|formazione primaria",
  ),
  history: name("histor|geschichte|\\bstoria\\b|geschiedenis"),
  philosophy: name("philosoph|filosof|wijsbegeerte"),
  architecture: name("architect|arquitect|architett|architektur|arquitetura"),
  journalism: name("journalis|periodismo|jornalismo"),
  communication: name(
    "communication|comunicacion|comunicacao|comunicazione|kommunikation|communicatie",
  ),
  sociology: name("sociolog|soziologie"),
  politicalScience: name(
    "political science|ciencias politicas|science politique|politikwissenschaft|scienze politiche|ciencia politica|statsvetenskap",
  ),
  internationalRelations: name(
    "international relations|relaciones internacionales|relations internationales|relacoes internacionais|relazioni internazionali",
  ),
  publicRelations: name("public relations|relaciones publicas"),
  informationTechnology: name("information technology"),
  itRelated: name(
    "information systems|cloud computing|computer networks|it-sicherheit|cybersecurity|devops",
  ),
  cybersecurity: name("cyber ?security|ciberseguridad|cybersecurite|it-sicherheit|ethical hacking"),
  ux: name("\\bux\\b|user experience"),
  uxRelated: name("human-computer interaction|guest experience design|product design"),
  biology: name("biolog|biochemistry|genetics|microbiology"),
  physics: name("physic|physik|fisica|\\bfysik"),
  chemistry: name("chemi|quimica|chimie|chimica|chemie"),
  music: name("music|musik|musica|musique"),
  art: name("\\bart\\b|\\barts\\b|kunst|bellas artes|belle arti|arts plastiques|artes visuais"),
  design: name("design|diseno"),
  environment: name("environment|ambiental|ambientali|umwelt|sustainab|climate|ecology"),
  sport: name("\\bsports?\\b|deporte|motorie|sportmanagement"),
} as const;

/** A query with up to three grade tiers: 3, then 2, then 1. */
export function q(
  query: string,
  kind: QueryKind,
  three: Condition,
  two?: Condition,
  one?: Condition,
): JudgedQuery {
  const grades: Array<readonly [1 | 2 | 3, Condition]> = [[3, three]];
  if (two) grades.push([2, two]);
  if (one) grades.push([1, one]);
  return { query, kind, grades };
}

/**
 * A subject with filter words: 3 when the subject and every filter hold, 2 when a related subject
 * and every filter hold, or the subject and all filters but a near miss (`near`), 1 for the
 * subject without its filters.
 */
export function combo(
  query: string,
  kind: QueryKind,
  subject: Condition,
  filters: Condition[],
  options: { related?: Condition; near?: Condition[] } = {},
): JudgedQuery {
  const two: Condition[] = [];
  if (options.related) two.push(and(options.related, ...filters));
  if (options.near) two.push(and(subject, ...options.near));
  return q(query, kind, and(subject, ...filters), two.length > 0 ? or(...two) : undefined, subject);
}

export const CS = primary("computer-science");
export const BUSINESS = primary("business-and-administration");
