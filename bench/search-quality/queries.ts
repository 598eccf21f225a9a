// The judged query set: what students type, with graded relevance written as rules over the demo
// catalogue's generator (packages/db/src/seed: disciplines.ts's topics and skills, course-names.ts's
// name forms, local-names.ts's local-language names, reference.ts's levels and degree types,
// country-data.ts's countries). Written from the generator before any search was run, and not
// tuned after seeing results (README.md in this folder explains the grades).
import type { Condition, JudgedQuery, QueryKind } from "./judgments.ts";

// ---- Building blocks ----------------------------------------------------------------------

/** Name patterns run over the name in lower case without accents (judgments.ts fold()). */
const name = (pattern: string): Condition => ({ name: pattern });
const and = (...all: Condition[]): Condition => ({ all });
const or = (...any: Condition[]): Condition => ({ any });
const primary = (...slugs: string[]): Condition => ({ primary: slugs });
const discipline = (...slugs: string[]): Condition => ({ discipline: slugs });
const degree = (...shorts: string[]): Condition => ({ degree: shorts });
const country = (...codes: string[]): Condition => ({ country: codes });

/** An exact programme name, with the variants the generator appends ("(Online)", "– Evening Cohort"). */
function exactName(text: string): Condition {
  const escaped = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return name(`^${escaped}( \\([a-z -]+\\)| – evening cohort)?$`);
}

// Levels (reference.ts): programme type 8 holds masters and doctorates.
const MASTER: Condition = { level: ["postgraduate"], notDegree: ["PhD", "DBA"] };
const POSTGRADUATE: Condition = { level: ["postgraduate"] };
const BACHELOR: Condition = { level: ["undergraduate"] };
const DOCTORATE: Condition = degree("PhD", "DBA");
const SHORT: Condition = { level: ["short"] };
const EXECUTIVE: Condition = { level: ["executive"] };
const CERTIFICATE: Condition = { level: ["certificate"] };
// Formats and price words. "Cheap": a known fee of at most US$5,000 (free included), about the
// cheapest 40 % of priced programmes; "affordable" at most US$10,000.
const ONLINE: Condition = { attendance: ["ONLINE"] };
const BLENDED: Condition = { attendance: ["BLENDED"] };
const PART_TIME: Condition = { format: ["PART"] };
const FULL_TIME: Condition = { format: ["FULL"] };
const CHEAP: Condition = { maxUsd: 5000 };
const AFFORDABLE: Condition = { maxUsd: 10_000 };
const FREE: Condition = { free: true };
// Countries (country-data.ts codes).
const UK = country("GB");
const USA = country("US");
const GERMANY = country("DE");
const CANADA = country("CA");
const AUSTRALIA = country("AU");
const SPAIN = country("ES");
const FRANCE = country("FR");
const NETHERLANDS = country("NL");
const ITALY = country("IT");

// Subjects: the topics and skills of disciplines.ts and their local-language names
// (local-names.ts) that mean the same subject.
const S = {
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
function q(
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
function combo(
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

// ---- The set ------------------------------------------------------------------------------

const CS = primary("computer-science");
const BUSINESS = primary("business-and-administration");

export const JUDGED_QUERIES: readonly JudgedQuery[] = [
  // Abbreviations: degree short names (reference.ts) and subject abbreviations.
  q("MBA", "abbreviation", degree("MBA"), degree("EMBA"), degree("BBA", "DBA")),
  q("EMBA", "abbreviation", degree("EMBA"), degree("MBA")),
  q("BBA", "abbreviation", degree("BBA"), and(BACHELOR, BUSINESS)),
  q("DBA", "abbreviation", degree("DBA"), degree("PhD")),
  q("MSc", "abbreviation", degree("MSc"), MASTER),
  q("BSc", "abbreviation", degree("BSc"), BACHELOR),
  q("LLB", "abbreviation", degree("LLB"), and(BACHELOR, primary("law"))),
  q("LLM", "abbreviation", degree("LLM"), and(POSTGRADUATE, primary("law"))),
  q("MPH", "abbreviation", degree("MPH"), S.publicHealth),
  q("MEd", "abbreviation", degree("MEd"), and(POSTGRADUATE, primary("education-and-training"))),
  q("PhD", "abbreviation", degree("PhD"), degree("DBA")),
  q(
    "MEng",
    "abbreviation",
    and(MASTER, primary("engineering-and-technology")),
    undefined,
    and(POSTGRADUATE, S.engineering),
  ),
  q("CS", "abbreviation", S.cs, CS, discipline("computer-science")),
  q("comp sci", "abbreviation", S.cs, CS, discipline("computer-science")),
  q("AI", "abbreviation", S.ai, S.ml, CS),
  q("ML", "abbreviation", S.ml, S.ai, CS),
  q("HR", "abbreviation", S.hr, name("organisational psychology|personnel"), BUSINESS),
  q("IT", "abbreviation", S.informationTechnology, S.itRelated, CS),
  q(
    "PR",
    "abbreviation",
    S.publicRelations,
    name("media relations|corporate communication|strategic communication"),
    primary("communication"),
  ),
  q("UX", "abbreviation", S.ux, S.uxRelated),
  q("UX design", "abbreviation", S.ux, S.uxRelated, S.design),
  q("econ", "abbreviation", S.economics, name("econom"), undefined),
  q("stats", "abbreviation", S.statistics, or(S.dataScience, S.dataAnalysis, S.maths)),
  q("maths", "abbreviation", S.maths, S.statistics, primary("natural-sciences")),
  q(
    "poli sci",
    "abbreviation",
    S.politicalScience,
    or(S.internationalRelations, name("politic")),
    primary("social-sciences"),
  ),
  q(
    "IR",
    "abbreviation",
    S.internationalRelations,
    name("diplomacy|international law|security studies"),
    primary("social-sciences"),
  ),
  q(
    "PPE",
    "abbreviation",
    name("philosophy, politics and economics"),
    or(S.philosophy, S.politicalScience),
  ),
  q(
    "CBT",
    "abbreviation",
    name("cognitive behavioural therapy"),
    name("counselling|clinical psychology"),
  ),
  q(
    "TESOL",
    "abbreviation",
    name("teaching english to speakers of other languages|teaching english as a foreign language"),
    name("teaching|education"),
  ),
  q(
    "TEFL",
    "abbreviation",
    name("teaching english as a foreign language|teaching english to speakers of other languages"),
    name("teaching|education"),
  ),
  q("mech eng", "abbreviation", S.mechanical, S.engineering),
  q("civil eng", "abbreviation", S.civil, S.engineering),
  q(
    "biz admin",
    "abbreviation",
    S.businessAdministration,
    degree("MBA", "BBA", "EMBA", "DBA"),
    BUSINESS,
  ),
  q(
    "intl business",
    "abbreviation",
    name(
      "international business|comercio internacional|commerce international|internationales management",
    ),
    BUSINESS,
  ),
  q(
    "bus admin",
    "abbreviation",
    S.businessAdministration,
    degree("MBA", "BBA", "EMBA", "DBA"),
    BUSINESS,
  ),
  q("psych", "abbreviation", S.psychology, primary("psychology")),
  q("DevOps", "abbreviation", name("devops"), name("cloud computing|software engineering"), CS),
  q("ESG", "abbreviation", name("\\besg\\b"), name("sustainab|carbon management|climate risk")),
  q("GIS", "abbreviation", name("\\bgis\\b"), name("remote sensing|geography")),
  q("BIM", "abbreviation", name("building information modelling"), S.civil),

  // Word starts: the last word is what the student has typed so far.
  q("math", "word-start", S.maths, S.statistics, primary("natural-sciences")),
  q("mana", "word-start", name("\\bmanag"), name("gestion|gestao")),
  q("psy", "word-start", S.psychology, primary("psychology")),
  q("engin", "word-start", S.engineering, primary("engineering-and-technology")),
  q("archi", "word-start", S.architecture, name("archaeolog|archiv")),
  q("philo", "word-start", S.philosophy, primary("humanities")),
  q("neuro", "word-start", name("neuro"), name("psycholog|cognitive")),
  q("crimin", "word-start", name("crimin"), name("forensic|security studies")),
  q("journ", "word-start", S.journalism, primary("communication")),
  q(
    "sustain",
    "word-start",
    name("sustainab"),
    name("environment|climate|renewable|circular economy"),
  ),
  q("account", "word-start", S.accounting, name("financ|audit")),
  q("nurs", "word-start", name("nursing"), S.nursing),
  q(
    "physio",
    "word-start",
    name("physiotherap|fisioterap|physiotherapie"),
    name("sports science|rehabilitation|occupational therapy"),
  ),
  q("hosp", "word-start", name("hospitality"), S.hotel),
  q("educ", "word-start", name("educat"), S.education),
  q("comp", "word-start", name("\\bcomput"), name("composition|comparative|compliance"), CS),
  q("market", "word-start", S.marketing, name("sales|advertising|brand")),
  q("entrep", "word-start", name("entrepreneur"), name("innovation|start-?up|small business")),
  q("biot", "word-start", name("biotech"), name("biochemistry|genetics|bioinformatics")),
  q("data sci", "word-start", S.dataScience, or(S.dataAnalysis, S.statistics, S.ml)),
  q("machine lea", "word-start", S.ml, S.ai, CS),
  q(
    "international rel",
    "word-start",
    S.internationalRelations,
    name("diplomacy|international law"),
    primary("social-sciences"),
  ),
  q("supply ch", "word-start", name("supply chain"), name("logistics|operations")),
  q(
    "project man",
    "word-start",
    name("project management|direccion de proyectos"),
    name("programme management|engineering project"),
  ),

  // Variants: another word form, a plural, a stem, accents typed or left out.
  q("financial", "variant", S.finance, or(S.accounting, S.banking), BUSINESS),
  q(
    "medical",
    "variant",
    S.medicine,
    primary("medicine"),
    discipline("medicine", "health-sciences"),
  ),
  q("economy", "variant", S.economics, name("econom"), undefined),
  q("economic", "variant", S.economics, name("econom"), undefined),
  q("engineer", "variant", S.engineering, primary("engineering-and-technology")),
  q("psychologist", "variant", S.psychology, primary("psychology")),
  q("lawyer", "variant", S.law, primary("law")),
  q("nurse", "variant", S.nursing, name("midwifery|healthcare"), primary("health-sciences")),
  q("architect", "variant", S.architecture, name("interior design|urban planning")),
  q("journalist", "variant", S.journalism, primary("communication")),
  q("teacher", "variant", or(S.education, name("teaching")), primary("education-and-training")),
  q("robot", "variant", name("robot"), name("mechatronics|automation|artificial intelligence")),
  q("statistical", "variant", S.statistics, or(S.dataScience, S.dataAnalysis, S.maths)),
  q(
    "biological sciences",
    "variant",
    name("biolog|biological"),
    name("biochemistry|genetics|microbiology|life science|biomedical"),
  ),
  q("accountant", "variant", S.accounting, name("financ|audit")),
  q("managers", "variant", name("\\bmanag"), name("leadership|gestion|gestao")),
  q("human resources", "variant", S.hr, name("organisational psychology"), BUSINESS),
  q("mbas", "variant", degree("MBA"), degree("EMBA")),
  q("nurses", "variant", S.nursing, name("midwifery"), primary("health-sciences")),
  q(
    "sciences politiques",
    "variant",
    S.politicalScience,
    name("politic"),
    primary("social-sciences"),
  ),
  q("hotellerie", "variant", S.hotel, S.tourism, primary("hospitality-leisure-and-sports")),
  q("hôtellerie", "variant", S.hotel, S.tourism, primary("hospitality-leisure-and-sports")),
  q("psicologia", "variant", S.psychology, primary("psychology")),
  q("gestion", "variant", name("gestion|gestao"), name("\\bmanag")),
  q("medecine", "variant", S.medicine, primary("medicine")),
  q("economia", "variant", S.economics, name("econom")),
  q("ingenieria", "variant", S.engineering, primary("engineering-and-technology")),
  q("informatique", "variant", S.cs, CS),
  q("management studies", "variant", name("\\bmanag"), BUSINESS),
  q("marketing courses", "variant", S.marketing, name("advertising|brand|sales")),
  q("tourism", "variant", S.tourism, S.hotel, primary("hospitality-leisure-and-sports")),
  q("touristic", "variant", S.tourism, S.hotel),

  // Typos: one or two letters wrong, as students type them.
  q("psycology", "typo", S.psychology, primary("psychology")),
  q("pyschology", "typo", S.psychology, primary("psychology")),
  q("compter science", "typo", S.cs, CS, discipline("computer-science")),
  q("enginering", "typo", S.engineering, primary("engineering-and-technology")),
  q("marketting", "typo", S.marketing, name("advertising|brand|sales")),
  q("managment", "typo", name("\\bmanag"), name("gestion|gestao")),
  q("nursng", "typo", S.nursing, primary("health-sciences")),
  q("philosphy", "typo", S.philosophy, primary("humanities")),
  q("accouting", "typo", S.accounting, name("financ|audit")),
  q(
    "bussiness administration",
    "typo",
    S.businessAdministration,
    degree("MBA", "BBA", "EMBA", "DBA"),
    BUSINESS,
  ),
  q("archaeolgy", "typo", name("archaeolog"), name("ancient history|classics|heritage")),
  q("economcs", "typo", S.economics, name("econom")),
  q("artifical intelligence", "typo", S.ai, S.ml, CS),
  q("machine lerning", "typo", S.ml, S.ai, CS),
  q("cyber securty", "typo", S.cybersecurity, S.itRelated, CS),
  q("biochemestry", "typo", name("biochemi"), S.biology),
  q(
    "physiotherapie",
    "typo",
    name("physiotherap|fisioterap"),
    name("sports science|occupational therapy"),
  ),
  q("criminolgy", "typo", name("criminolog"), name("criminal law|forensic")),
  q("jurnalism", "typo", S.journalism, primary("communication")),
  q("mathmatics", "typo", S.maths, S.statistics, primary("natural-sciences")),
  q(
    "enviromental science",
    "typo",
    name(
      "environmental science|umweltwissenschaften|ciencias ambientales|sciences de l'environnement|scienze ambientali",
    ),
    S.environment,
    primary("environmental-science"),
  ),
  q(
    "hospitallity management",
    "typo",
    name(
      "hospitality management|hotel management|hotelmanagement|hotellerie|direccion hotelera|gestao hoteleira",
    ),
    S.hotel,
    primary("hospitality-leisure-and-sports"),
  ),

  // Words that are filters, alone: a country, a level, a format, a price.
  q("UK", "filter-word", UK),
  q("USA", "filter-word", USA),
  q("Germany", "filter-word", GERMANY),
  q("Canada", "filter-word", CANADA),
  q("masters", "filter-word", MASTER, DOCTORATE),
  q("bachelor", "filter-word", BACHELOR),
  q("undergraduate", "filter-word", BACHELOR, name("undergraduate certificate")),
  q("postgraduate", "filter-word", POSTGRADUATE, name("postgraduate diploma|graduate certificate")),
  q("online", "filter-word", ONLINE, BLENDED),
  q("part-time", "filter-word", PART_TIME),
  q("part time", "filter-word", PART_TIME),
  q("cheap", "filter-word", CHEAP, AFFORDABLE),
  q("free", "filter-word", FREE),
  q("short courses", "filter-word", SHORT, name("bootcamp|masterclass|essentials|introduction to")),
  q("executive education", "filter-word", EXECUTIVE, name("executive")),

  // Subjects with filter words, as students write them.
  combo("psychology masters UK", "natural", S.psychology, [MASTER, UK], {
    related: primary("psychology"),
    near: [POSTGRADUATE, UK],
  }),
  combo("cheap MBA", "natural", degree("MBA"), [CHEAP], {
    related: degree("EMBA"),
    near: [AFFORDABLE],
  }),
  combo("online MBA", "natural", degree("MBA"), [ONLINE], {
    related: degree("EMBA"),
    near: [BLENDED],
  }),
  combo("part-time MBA", "natural", degree("MBA"), [PART_TIME], { related: degree("EMBA") }),
  combo("MBA UK", "natural", degree("MBA"), [UK], { related: degree("EMBA") }),
  combo("MBA in Germany", "natural", degree("MBA"), [GERMANY], { related: degree("EMBA") }),
  combo("computer science masters usa", "natural", S.cs, [MASTER, USA], {
    related: CS,
    near: [POSTGRADUATE, USA],
  }),
  combo("computer science bachelor", "natural", S.cs, [BACHELOR], { related: CS }),
  combo("data science online", "natural", S.dataScience, [ONLINE], {
    related: S.dataAnalysis,
    near: [BLENDED],
  }),
  combo("online data science masters", "natural", S.dataScience, [MASTER, ONLINE], {
    related: and(S.dataAnalysis, MASTER),
    near: [MASTER],
  }),
  combo("nursing degree uk", "natural", S.nursing, [UK, BACHELOR], { near: [UK] }),
  combo("law degree usa", "natural", S.law, [USA, or(BACHELOR, MASTER)], {
    related: primary("law"),
    near: [USA],
  }),
  combo("masters in finance", "natural", S.finance, [MASTER], {
    related: or(S.accounting, S.banking),
  }),
  combo("phd in physics", "natural", S.physics, [degree("PhD")], { near: [POSTGRADUATE] }),
  combo("phd psychology", "natural", S.psychology, [degree("PhD")], {
    related: primary("psychology"),
  }),
  combo("undergraduate business canada", "natural", or(BUSINESS, name("business")), [
    BACHELOR,
    CANADA,
  ]),
  combo("free courses germany", "natural", GERMANY, [FREE]),
  combo("study medicine in spain", "natural", S.medicine, [SPAIN], {
    related: primary("medicine"),
  }),
  combo("part time law masters", "natural", S.law, [MASTER, PART_TIME], {
    related: primary("law"),
    near: [MASTER],
  }),
  combo("online masters in education", "natural", S.education, [MASTER, ONLINE], {
    related: primary("education-and-training"),
    near: [MASTER],
  }),
  combo("mba australia", "natural", degree("MBA"), [AUSTRALIA], { related: degree("EMBA") }),
  combo("bachelor computer science uk", "natural", S.cs, [BACHELOR, UK], {
    related: CS,
    near: [UK],
  }),
  combo(
    "short course digital marketing",
    "natural",
    name("digital marketing|marketing digital"),
    [or(SHORT, CERTIFICATE)],
    { related: S.marketing },
  ),
  combo("executive leadership program", "natural", name("leadership"), [EXECUTIVE], {
    related: name("management|strategy"),
  }),
  combo(
    "certificate in project management",
    "natural",
    name("project management|direccion de proyectos"),
    [CERTIFICATE],
    { near: [or(SHORT, EXECUTIVE)] },
  ),
  combo("hospitality management uk", "natural", S.hotel, [UK], { related: S.tourism }),
  combo("affordable masters", "natural", MASTER, [AFFORDABLE], { near: [CHEAP] }),
  combo("free online courses", "natural", FREE, [ONLINE], { near: [BLENDED] }),
  combo("cheap online masters", "natural", MASTER, [CHEAP, ONLINE], { near: [AFFORDABLE, ONLINE] }),
  combo("masters in artificial intelligence", "natural", S.ai, [MASTER], { related: S.ml }),
  combo("engineering masters usa", "natural", S.engineering, [MASTER, USA], {
    related: primary("engineering-and-technology"),
  }),
  combo("public health masters online", "natural", S.publicHealth, [MASTER, ONLINE], {
    related: degree("MPH"),
  }),
  combo("business school france", "natural", BUSINESS, [FRANCE]),
  combo("architecture in italy", "natural", S.architecture, [ITALY]),
  combo("psychology netherlands", "natural", S.psychology, [NETHERLANDS]),
  combo("law school uk", "natural", S.law, [UK], { related: primary("law") }),
  combo("full time mba", "natural", degree("MBA"), [FULL_TIME]),
  combo("nursing online", "natural", S.nursing, [ONLINE], { near: [BLENDED] }),
  combo("cyber security masters", "natural", S.cybersecurity, [MASTER], {
    related: and(CS, MASTER),
  }),
  combo("how to become a psychologist", "natural", S.psychology, [or(BACHELOR, MASTER)], {
    related: primary("psychology"),
  }),
  combo("I want to study computer science in Canada", "natural", S.cs, [CANADA], { related: CS }),
  combo("marketing degree online", "natural", S.marketing, [ONLINE, or(BACHELOR, MASTER)], {
    near: [ONLINE],
  }),
  combo("economics bachelor germany", "natural", S.economics, [BACHELOR, GERMANY], {
    near: [GERMANY],
  }),
  combo("undergraduate nursing", "natural", S.nursing, [BACHELOR], {
    related: and(primary("health-sciences"), BACHELOR),
  }),

  // Exact names, as the generator forms them (course-names.ts).
  q(
    "MBA in Finance",
    "exact-name",
    exactName("MBA in Finance"),
    and(degree("MBA"), S.finance),
    or(degree("MBA"), S.finance),
  ),
  q(
    "BSc Computer Science",
    "exact-name",
    exactName("BSc Computer Science"),
    and(BACHELOR, S.cs),
    S.cs,
  ),
  q(
    "MSc Data Science",
    "exact-name",
    exactName("MSc Data Science"),
    and(MASTER, S.dataScience),
    S.dataScience,
  ),
  q(
    "Master of Public Health",
    "exact-name",
    exactName("Master of Public Health"),
    degree("MPH"),
    S.publicHealth,
  ),
  q("Executive MBA", "exact-name", exactName("Executive MBA"), degree("EMBA"), degree("MBA")),
  q(
    "Introduction to Python Programming",
    "exact-name",
    exactName("Introduction to Python Programming"),
    name("python programming"),
    CS,
  ),
  q("Lean Six Sigma", "exact-name", name("lean six sigma"), name("quality management")),
  q(
    "Bachelor of Laws (LLB)",
    "exact-name",
    exactName("Bachelor of Laws (LLB)"),
    degree("LLB"),
    S.law,
  ),
  q(
    "Doctor of Business Administration",
    "exact-name",
    exactName("Doctor of Business Administration"),
    degree("DBA"),
    degree("PhD"),
  ),
  q(
    "Certificate in Digital Marketing",
    "exact-name",
    exactName("Certificate in Digital Marketing"),
    name("digital marketing|marketing digital"),
    S.marketing,
  ),
  q(
    "LLM in International Law",
    "exact-name",
    exactName("LLM in International Law"),
    and(degree("LLM"), name("international")),
    degree("LLM"),
  ),
  q(
    "MA Creative Writing",
    "exact-name",
    exactName("MA Creative Writing"),
    name("creative writing"),
    name("writing|literature"),
  ),
  q(
    "Global MBA",
    "exact-name",
    exactName("Global MBA"),
    name("global (executive )?mba"),
    degree("MBA"),
  ),
  q(
    "Professional Certificate in Compliance",
    "exact-name",
    exactName("Professional Certificate in Compliance"),
    name("compliance"),
    primary("law"),
  ),
  q(
    "Executive Certificate in Leadership",
    "exact-name",
    exactName("Executive Certificate in Leadership"),
    name("leadership"),
    EXECUTIVE,
  ),
  q("Master of Laws (LLM)", "exact-name", exactName("Master of Laws (LLM)"), degree("LLM"), S.law),
  q(
    "BEng Mechanical Engineering",
    "exact-name",
    exactName("BEng Mechanical Engineering"),
    S.mechanical,
    S.engineering,
  ),
  q(
    "MSc Artificial Intelligence",
    "exact-name",
    exactName("MSc Artificial Intelligence"),
    and(MASTER, S.ai),
    S.ai,
  ),
  q(
    "Short Course in Negotiation",
    "exact-name",
    exactName("Short Course in Negotiation"),
    name("negotiation"),
    undefined,
  ),
  q(
    "MSc Psychology",
    "exact-name",
    exactName("MSc Psychology"),
    and(MASTER, S.psychology),
    S.psychology,
  ),

  // Compound and split words: spaces left out or put in.
  q("datascience", "compound", S.dataScience, or(S.dataAnalysis, S.statistics, S.ml), CS),
  q("computerscience", "compound", S.cs, CS, discipline("computer-science")),
  q("machinelearning", "compound", S.ml, S.ai, CS),
  q("publichealth", "compound", S.publicHealth, degree("MPH"), primary("health-sciences")),
  q(
    "businessadministration",
    "compound",
    S.businessAdministration,
    degree("MBA", "BBA", "EMBA", "DBA"),
    BUSINESS,
  ),
  q(
    "webdevelopment",
    "compound",
    name("web development"),
    name("software engineering|full-stack"),
    CS,
  ),
  q(
    "socialwork",
    "compound",
    name("social work|soziale arbeit"),
    name("social policy|community development"),
  ),
  q("realestate", "compound", name("real estate"), undefined, undefined),
  q(
    "hotelmanagement",
    "compound",
    name("hotel ?management|hospitality management|hotellerie|direccion hotelera|gestao hoteleira"),
    S.hotel,
    primary("hospitality-leisure-and-sports"),
  ),
  q("cyber security", "compound", S.cybersecurity, S.itRelated, CS),
  q("bio chemistry", "compound", name("biochemi"), S.biology),
  q("astro physics", "compound", name("astrophysic"), S.physics),
  q("neuro science", "compound", name("neuroscience"), name("neuro|psycholog")),
  q("data-science", "compound", S.dataScience, or(S.dataAnalysis, S.statistics, S.ml), CS),
  q(
    "e-business",
    "compound",
    name("digital business|e-business"),
    name("digital marketing|e-commerce"),
  ),
  q(
    "game dev",
    "compound",
    name("game development|game art"),
    name("animation|software engineering"),
  ),

  // Plain subject words: the commonest searches.
  q("psychology", "plain", S.psychology, primary("psychology")),
  q("business", "plain", name("business|betriebswirtschaft|empresas|entreprises"), BUSINESS),
  q("law", "plain", S.law, primary("law")),
  q("medicine", "plain", S.medicine, primary("medicine")),
  q("nursing", "plain", S.nursing, primary("health-sciences")),
  q("marketing", "plain", S.marketing, name("advertising|brand|sales")),
  q("history", "plain", S.history, primary("humanities")),
  q("architecture", "plain", S.architecture, name("interior design|urban planning")),
  q("journalism", "plain", S.journalism, primary("communication")),
  q("sociology", "plain", S.sociology, primary("social-sciences")),
  q("accounting", "plain", S.accounting, name("financ|audit")),
  q("finance", "plain", S.finance, or(S.accounting, S.banking), BUSINESS),
  q("economics", "plain", S.economics, name("econom")),
  q("statistics", "plain", S.statistics, or(S.dataScience, S.dataAnalysis, S.maths)),
  q("mathematics", "plain", S.maths, S.statistics, primary("natural-sciences")),
  q("computer science", "plain", S.cs, CS, discipline("computer-science")),
  q("data science", "plain", S.dataScience, or(S.dataAnalysis, S.statistics, S.ml), CS),
  q("artificial intelligence", "plain", S.ai, S.ml, CS),
  q("machine learning", "plain", S.ml, S.ai, CS),
  q("cybersecurity", "plain", S.cybersecurity, S.itRelated, CS),
  q("engineering", "plain", S.engineering, primary("engineering-and-technology")),
  q("music", "plain", S.music, primary("music")),
  q("philosophy", "plain", S.philosophy, primary("humanities")),
  q("public health", "plain", S.publicHealth, degree("MPH"), primary("health-sciences")),
  q(
    "hospitality management",
    "plain",
    name("hospitality management|hotel ?management|hotellerie|direccion hotelera|gestao hoteleira"),
    S.hotel,
    primary("hospitality-leisure-and-sports"),
  ),
  q(
    "hotel management",
    "plain",
    name("hotel ?management|hospitality management|hotellerie|direccion hotelera|gestao hoteleira"),
    S.hotel,
    primary("hospitality-leisure-and-sports"),
  ),
  q(
    "international relations",
    "plain",
    S.internationalRelations,
    name("diplomacy|international law"),
    primary("social-sciences"),
  ),
  q(
    "graphic design",
    "plain",
    name("graphic design|diseno grafico|design graphique|design grafico"),
    name("visual communication|illustration|kommunikationsdesign"),
  ),
  q(
    "fashion design",
    "plain",
    name("fashion design|design della moda"),
    name("fashion|textile design"),
  ),
  q("photography", "plain", name("photograph"), name("film|visual")),
  q("criminology", "plain", name("criminolog"), name("criminal law|forensic")),
  q("renewable energy", "plain", name("renewable energy"), name("sustainab|climate|energy")),
  q("climate change", "plain", name("climate"), name("environment|sustainab|carbon")),
  q("robotics", "plain", name("robotics"), name("mechatronics|automation|artificial intelligence")),
  q("supply chain management", "plain", name("supply chain"), name("logistics|operations")),
  q(
    "project management",
    "plain",
    name("project management|direccion de proyectos"),
    name("programme management"),
  ),
  q("leadership", "plain", name("leadership"), name("management|strategy")),
  q(
    "social work",
    "plain",
    name("social work|soziale arbeit"),
    name("social policy|community development"),
  ),
  q("creative writing", "plain", name("creative writing"), name("writing|literature")),
  q("film studies", "plain", name("film studies"), name("film|cinema|screenwriting")),
  q("sport science", "plain", name("sports? science"), S.sport),
  q("animation", "plain", name("animation"), name("motion graphics|game art|illustration")),
  q("biotechnology", "plain", name("biotechnolog"), S.biology),
  q("genetics", "plain", name("genetic|genomic"), S.biology),
  q("real estate", "plain", name("real estate"), undefined),
  q("event management", "plain", name("event management|event planning"), S.hotel),
  q("digital marketing", "plain", name("digital marketing|marketing digital"), S.marketing),
];
