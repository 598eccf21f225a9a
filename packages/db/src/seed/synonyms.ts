// The curated synonym list the finder starts with (docs/decisions/044-synonyms-as-data.md): degree
// abbreviations, subject abbreviations, British and American spellings and equivalent subject
// names, written from the demo catalogue's names (course-names.ts, disciplines.ts) and the words
// students type. Seeded into `search_synonyms` (seed-synonyms.ts); from then on the table is the
// list, edited by sales agents in the sales dashboard.
//
// As in Meilisearch and Algolia, a two-way entry makes every word of its set stand for the others;
// a one-way entry widens its input only. An abbreviation is one-way where it is also a common word
// or means other things ("it", "ml" for millilitres, "med" for medicine, "ms", "md", "pm", "eu"),
// so that searching the long form never matches the short one's other senses; it is two-way where
// the catalogue itself writes the short form in names ("MBA in Finance", "Generative AI",
// "UX Design"), so the long form finds those names too. Words are lower case, unaccented and
// single-spaced; an entry never repeats a word.
import type { SynonymKind } from "../schema/search.ts";

export type CuratedSynonym =
  | { kind: Extract<SynonymKind, "two-way">; words: readonly string[]; note?: string }
  | {
      kind: Extract<SynonymKind, "one-way">;
      input: string;
      words: readonly string[];
      note?: string;
    };

function twoWay(...words: string[]): CuratedSynonym {
  return { kind: "two-way", words };
}

function oneWay(input: string, ...words: string[]): CuratedSynonym {
  return { kind: "one-way", input, words };
}

function withNote(entry: CuratedSynonym, note: string): CuratedSynonym {
  return { ...entry, note };
}

const DEGREES: readonly CuratedSynonym[] = [
  twoWay("bsc", "bachelor of science"),
  oneWay("bs", "bachelor of science", "bsc"),
  twoWay("ba", "bachelor of arts"),
  twoWay("bba", "bachelor of business administration"),
  twoWay("llb", "bachelor of laws"),
  twoWay("beng", "bachelor of engineering"),
  twoWay("bfa", "bachelor of fine arts"),
  twoWay("bcom", "bachelor of commerce"),
  twoWay("mbbs", "bachelor of medicine bachelor of surgery"),
  twoWay("msc", "master of science"),
  withNote(
    oneWay("ms", "master of science", "msc"),
    "One-way: 'ms' is also a title and multiple sclerosis.",
  ),
  twoWay("ma", "master of arts"),
  twoWay("mba", "master of business administration"),
  twoWay("emba", "executive mba", "executive master of business administration"),
  twoWay("llm", "master of laws"),
  withNote(
    oneWay("master of education", "med"),
    "Names write the degree 'MEd'; 'med' typed alone usually means medicine (next entry).",
  ),
  oneWay("med", "master of education", "medicine", "medical"),
  twoWay("mph", "master of public health"),
  twoWay("meng", "master of engineering"),
  twoWay("mfa", "master of fine arts"),
  twoWay("mres", "master of research"),
  twoWay("mphil", "master of philosophy"),
  twoWay("mpa", "master of public administration"),
  twoWay("mpp", "master of public policy"),
  twoWay("msw", "master of social work"),
  twoWay("mim", "master in management", "master of management"),
  twoWay("mfin", "master of finance", "master in finance"),
  twoWay("pgdip", "pg dip", "postgraduate diploma"),
  twoWay("pgcert", "pg cert", "postgraduate certificate"),
  twoWay("pgce", "postgraduate certificate in education"),
  twoWay("phd", "doctor of philosophy", "doctorate", "dphil"),
  twoWay("dba", "doctor of business administration"),
  twoWay("edd", "doctor of education"),
  withNote(oneWay("md", "doctor of medicine"), "One-way: 'md' also stands for Maryland."),
  oneWay("exec ed", "executive education"),
];

const SUBJECT_ABBREVIATIONS: readonly CuratedSynonym[] = [
  twoWay("cs", "computer science", "comp sci", "compsci", "computing"),
  twoWay("ai", "artificial intelligence"),
  oneWay("genai", "generative ai"),
  withNote(oneWay("ml", "machine learning"), "One-way: 'ml' is also millilitres."),
  twoWay("nlp", "natural language processing"),
  twoWay("hci", "human computer interaction"),
  twoWay("iot", "internet of things"),
  withNote(
    oneWay("it", "information technology"),
    "One-way: the long form must not search for the word 'it'.",
  ),
  oneWay("ict", "information and communication technology", "information technology"),
  twoWay("hr", "human resources", "human resource management"),
  oneWay("hrm", "human resource management"),
  twoWay("pr", "public relations"),
  twoWay("ux", "user experience"),
  twoWay("econ", "economics"),
  twoWay("stats", "statistics"),
  twoWay("maths", "math", "mathematics"),
  oneWay("psych", "psychology"),
  oneWay("bio", "biology"),
  oneWay("biochem", "biochemistry"),
  oneWay("chem", "chemistry"),
  oneWay("phys", "physics"),
  oneWay("biotech", "biotechnology"),
  oneWay("neuro", "neuroscience"),
  oneWay("biomed", "biomedical"),
  oneWay("poli sci", "political science"),
  oneWay("ir", "international relations"),
  oneWay("ib", "international business"),
  withNote(oneWay("pm", "project management"), "One-way: 'pm' is also a time of day."),
  oneWay("scm", "supply chain management"),
  oneWay("swe", "software engineering"),
  oneWay("web dev", "web development"),
  oneWay("game dev", "game development"),
  oneWay("infosec", "cybersecurity", "information security"),
  oneWay("bi", "business intelligence"),
  oneWay("mgmt", "management"),
  oneWay("admin", "administration"),
  oneWay("biz admin", "business administration"),
  withNote(
    oneWay("bus admin", "business administration"),
    "Phrase only: 'bus' alone is a vehicle.",
  ),
  oneWay("biz", "business"),
  oneWay("mktg", "marketing"),
  oneWay("comms", "communication", "communications"),
  oneWay("mech eng", "mechanical engineering"),
  oneWay("civil eng", "civil engineering"),
  oneWay("chem eng", "chemical engineering"),
  oneWay("ee", "electrical engineering", "electronic engineering"),
  oneWay("aero", "aerospace engineering", "aeronautical engineering"),
  twoWay("bim", "building information modelling"),
  twoWay("gis", "geographic information systems", "geographical information systems"),
  oneWay("esg", "environmental social and governance", "sustainability"),
  oneWay("ot", "occupational therapy"),
  twoWay("cbt", "cognitive behavioural therapy"),
  twoWay("aba", "applied behaviour analysis"),
  withNote(
    oneWay("ppe", "philosophy politics and economics"),
    "One-way: 'ppe' is also protective equipment.",
  ),
  twoWay("tefl", "teaching english as a foreign language"),
  twoWay("tesol", "teaching english to speakers of other languages"),
  oneWay(
    "esl",
    "teaching english to speakers of other languages",
    "teaching english as a foreign language",
  ),
  oneWay("sen", "special educational needs"),
  twoWay("edtech", "educational technology"),
  withNote(oneWay("eu", "european union", "european"), "One-way: the reverse is too broad."),
  oneWay("fintech", "financial technology"),
];

const EQUIVALENTS: readonly CuratedSynonym[] = [
  twoWay("hotel management", "hospitality management"),
  twoWay("finance", "financial"),
  twoWay("medicine", "medical"),
  twoWay("economy", "economics"),
  twoWay("data science", "datascience"),
  twoWay("data analytics", "data analysis"),
  twoWay("accounting", "accountancy"),
  twoWay("taxation", "tax"),
  twoWay("ecommerce", "e commerce", "electronic commerce"),
  twoWay("digital marketing", "online marketing"),
  twoWay("cybersecurity", "cyber security"),
  twoWay("aerospace engineering", "aeronautical engineering"),
  twoWay("renewable energy", "clean energy", "sustainable energy"),
  twoWay("environmental science", "environmental studies"),
  twoWay("oceanography", "ocean science"),
  twoWay("physiotherapy", "physical therapy"),
  twoWay("healthcare", "health care"),
  twoWay("healthcare management", "health management", "healthcare administration"),
  twoWay("sport science", "sports science", "exercise science"),
  twoWay("sports management", "sport management"),
  twoWay("event management", "events management"),
  oneWay("cooking", "culinary arts"),
  twoWay("law", "legal studies"),
  oneWay("legal", "law"),
  twoWay("criminology", "criminal justice"),
  twoWay("european law", "eu law"),
  twoWay("theology", "divinity"),
  twoWay("religious studies", "religion"),
  twoWay("political science", "politics"),
  twoWay("international relations", "international affairs", "global affairs"),
  twoWay("development studies", "international development"),
  twoWay("urban planning", "town planning", "city planning", "urban and regional planning"),
  twoWay("special educational needs", "special education"),
  twoWay("early childhood education", "early years education"),
  twoWay("audio engineering", "sound engineering"),
  twoWay("film studies", "cinema studies"),
  twoWay("agribusiness", "agricultural business"),
  oneWay("farming", "agriculture"),
  oneWay("wine", "oenology", "viticulture"),
  oneWay("astronomy", "astrophysics"),
  oneWay("logistics", "supply chain management"),
  oneWay("big data", "data science"),
  twoWay(
    "organisational psychology",
    "occupational psychology",
    "work psychology",
    "industrial organizational psychology",
  ),
];

/** British and American spellings of words in programme names: either finds both. */
const SPELLINGS: readonly CuratedSynonym[] = [
  twoWay("organisational", "organizational"),
  twoWay("behaviour", "behavior"),
  twoWay("behavioural", "behavioral"),
  twoWay("counselling", "counseling"),
  twoWay("modelling", "modeling"),
  twoWay("visualisation", "visualization"),
  twoWay("optimisation", "optimization"),
  twoWay("anaesthesia", "anesthesia"),
  twoWay("paediatrics", "pediatrics"),
  twoWay("theatre", "theater"),
  twoWay("archaeology", "archeology"),
  twoWay("oenology", "enology"),
];

export const CURATED_SYNONYMS: readonly CuratedSynonym[] = [
  ...DEGREES,
  ...SUBJECT_ABBREVIATIONS,
  ...EQUIVALENTS,
  ...SPELLINGS,
];
