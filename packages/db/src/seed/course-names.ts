// Programme names per level and degree type ("BSc Computer Science", "MBA in Finance",
// "Executive Certificate in Leadership", "Short Course in Digital Marketing"), in English and, for
// some courses, in the local language. Every name is prepared with its slug so the hot loop never
// slugifies: slug = before + topic + after, each pre-slugified.

import { DISCIPLINES } from "./disciplines.ts";
import { LOCAL_NAMING } from "./local-names.ts";
import { cumulativeWeights, type Random } from "./random.ts";
import { degreeByShortName, LEVELS, type Level } from "./reference.ts";
import { slugify } from "./text.ts";

/** A word list with pre-computed slugs. */
export interface Vocabulary {
  words: readonly string[];
  slugs: readonly string[];
}

function vocabulary(words: readonly string[]): Vocabulary {
  return { words, slugs: words.map(slugify) };
}

type Source = "topic" | "skill" | "mba" | "mph" | "none";

export interface NameForm {
  degreeTypeId: number;
  before: string;
  after: string;
  beforeSlug: string;
  afterSlug: string;
  source: Source;
  /** "with" and "and" forms add a second topic: "BSc Psychology with Criminology". */
  joiner: "" | " with " | " and ";
}

interface FormSpec {
  degree: string;
  before: string;
  after?: string;
  source: Source;
  weight: number;
  joiner?: "" | " with " | " and ";
}

function form(spec: FormSpec): NameForm {
  return {
    degreeTypeId: degreeByShortName(spec.degree).id,
    before: spec.before,
    after: spec.after ?? "",
    beforeSlug: slugify(spec.before),
    afterSlug: slugify(spec.after ?? ""),
    source: spec.source,
    joiner: spec.joiner ?? "",
  };
}

interface FormTable {
  forms: readonly NameForm[];
  cumulative: Float64Array;
}

function table(specs: readonly FormSpec[]): FormTable {
  return { forms: specs.map(form), cumulative: cumulativeWeights(specs.map((s) => s.weight)) };
}

const HONOURS = new Set(["BSc", "BA", "BEng", "LLB"]);

/** Forms for a bachelor's or master's degree type. */
function degreeForms(short: string): FormTable {
  const long = degreeByShortName(short).name;
  switch (short) {
    case "BBA":
      return table([
        { degree: short, before: "BBA in ", source: "mba", weight: 3 },
        {
          degree: short,
          before: "Bachelor of Business Administration in ",
          source: "mba",
          weight: 1.5,
        },
        { degree: short, before: "Bachelor of Business Administration", source: "none", weight: 1 },
      ]);
    case "MBA":
      return table([
        { degree: short, before: "MBA in ", source: "mba", weight: 3 },
        { degree: short, before: "MBA (", after: ")", source: "mba", weight: 1 },
        { degree: short, before: "MBA", source: "none", weight: 1 },
        { degree: short, before: "Global MBA", source: "none", weight: 0.7 },
        { degree: short, before: "Online MBA", source: "none", weight: 0.7 },
        { degree: short, before: "International MBA", source: "none", weight: 0.5 },
        { degree: short, before: "Master of Business Administration", source: "none", weight: 0.5 },
      ]);
    case "PhD":
      return table([
        { degree: short, before: "PhD in ", source: "topic", weight: 3 },
        { degree: short, before: "Doctor of Philosophy in ", source: "topic", weight: 1 },
      ]);
    case "DBA":
      return table([
        { degree: short, before: "Doctor of Business Administration", source: "none", weight: 1 },
        { degree: short, before: "DBA in ", source: "mba", weight: 1 },
      ]);
    default: {
      // Public health degrees take public-health subjects whatever the discipline.
      const source: Source = short === "MPH" ? "mph" : "topic";
      const specs: FormSpec[] = [
        { degree: short, before: `${short} `, source, weight: 4 },
        { degree: short, before: `${long} in `, source, weight: 1.8 },
        { degree: short, before: `${short} `, after: " (Online)", source, weight: 0.6 },
      ];
      if (HONOURS.has(short))
        specs.push({ degree: short, before: `${short} (Hons) `, source: "topic", weight: 2.5 });
      if (short.startsWith("B"))
        specs.push({
          degree: short,
          before: `${short} `,
          source: "topic",
          weight: 0.9,
          joiner: " with ",
        });
      if (short.startsWith("M") || short === "LLM") {
        specs.push({ degree: short, before: `${short} in `, source, weight: 2 });
        if (short !== "MPH")
          specs.push({ degree: short, before: `${short} `, source, weight: 0.8, joiner: " and " });
      }
      if (short === "MPH")
        specs.push({
          degree: short,
          before: "Master of Public Health",
          source: "none",
          weight: 1.5,
        });
      if (short === "MEd")
        specs.push({ degree: short, before: "Master of Education", source: "none", weight: 0.8 });
      if (short === "LLM")
        specs.push({ degree: short, before: "Master of Laws (LLM)", source: "none", weight: 0.8 });
      if (short === "LLB")
        specs.push({
          degree: short,
          before: "Bachelor of Laws (LLB)",
          source: "none",
          weight: 0.8,
        });
      return table(specs);
    }
  }
}

const DEGREE_FORMS = new Map<string, FormTable>(
  ["BSc", "BA", "BBA", "LLB", "BEng", "MSc", "MA", "MBA", "LLM", "MEd", "MPH", "PhD", "DBA"].map(
    (short) => [short, degreeForms(short)],
  ),
);

export function formsForDegree(short: string): FormTable {
  const forms = DEGREE_FORMS.get(short);
  if (!forms) throw new Error(`no name forms for ${short}`);
  return forms;
}

export const EXECUTIVE_MBA_FORMS = table([
  { degree: "EMBA", before: "Executive MBA", source: "none", weight: 1 },
  { degree: "EMBA", before: "Global Executive MBA", source: "none", weight: 0.5 },
  { degree: "EMBA", before: "Executive MBA in ", source: "skill", weight: 2 },
]);

export const EXECUTIVE_FORMS = table([
  {
    degree: "Executive Certificate",
    before: "Executive Certificate in ",
    source: "skill",
    weight: 3,
  },
  {
    degree: "Executive Certificate",
    before: "",
    after: " for Executives",
    source: "skill",
    weight: 1,
  },
  {
    degree: "Executive Certificate",
    before: "Executive Programme in ",
    source: "skill",
    weight: 1.5,
  },
  {
    degree: "Executive Certificate",
    before: "Advanced ",
    after: " Programme",
    source: "skill",
    weight: 0.5,
  },
  { degree: "Executive Diploma", before: "Executive Diploma in ", source: "skill", weight: 1.5 },
]);

export const SHORT_FORMS = table([
  { degree: "Short Course", before: "Short Course in ", source: "skill", weight: 2 },
  { degree: "Short Course", before: "Introduction to ", source: "skill", weight: 2 },
  { degree: "Short Course", before: "", after: " Essentials", source: "skill", weight: 1 },
  { degree: "Short Course", before: "", after: " Bootcamp", source: "skill", weight: 0.8 },
  { degree: "Short Course", before: "Foundations of ", source: "skill", weight: 1 },
  { degree: "Short Course", before: "", after: " Masterclass", source: "skill", weight: 0.8 },
  { degree: "Short Course", before: "Summer School in ", source: "skill", weight: 0.4 },
  { degree: "Micro-credential", before: "Micro-credential in ", source: "skill", weight: 1.5 },
]);

export const CERTIFICATE_FORMS = table([
  { degree: "Certificate", before: "Certificate in ", source: "skill", weight: 2 },
  { degree: "Certificate", before: "Undergraduate Certificate in ", source: "topic", weight: 0.5 },
  {
    degree: "Graduate Certificate",
    before: "Graduate Certificate in ",
    source: "topic",
    weight: 1.2,
  },
  {
    degree: "Professional Certificate",
    before: "Professional Certificate in ",
    source: "skill",
    weight: 2,
  },
  { degree: "Diploma", before: "Diploma in ", source: "topic", weight: 1 },
  { degree: "Diploma", before: "Postgraduate Diploma in ", source: "topic", weight: 0.8 },
  { degree: "Diploma", before: "Advanced Diploma in ", source: "skill", weight: 0.5 },
]);

/** Per-discipline vocabularies, indexed like DISCIPLINES. */
export const TOPICS: readonly Vocabulary[] = DISCIPLINES.map((d) => vocabulary(d.topics));
export const SKILLS: readonly Vocabulary[] = DISCIPLINES.map((d) => vocabulary(d.skills));
const GENERIC_MBA = new Set(["Business Administration", "Management", "Economics"]);
/** MBA specialisations: business topics and skills for business, the discipline's own topics otherwise. */
export const MBA_TOPICS: readonly Vocabulary[] = DISCIPLINES.map((d) =>
  d.slug === "business-and-administration"
    ? vocabulary([
        ...d.topics.filter((t) => !GENERIC_MBA.has(t)),
        "Healthcare Management",
        "Sustainability",
        "Technology Management",
      ])
    : vocabulary(
        d.topics.map((t) => (t.endsWith("Management") ? t : `${t} Management`)).slice(0, 8),
      ),
);

/** Subjects of public health degrees (MPH). */
export const MPH_TOPICS: Vocabulary = vocabulary([
  "Global Health",
  "Epidemiology",
  "Health Policy",
  "Health Promotion",
  "Environmental Health",
  "Maternal and Child Health",
  "Health Management",
  "Public Health Nutrition",
  "Infectious Disease Control",
  "Health Economics",
]);

/** Local-language forms with their degree types. */
export interface LocalForms {
  forms: Readonly<Record<Level, readonly NameForm[]>>;
  topics: ReadonlyMap<number, Vocabulary>;
}

function localDegree(
  level: Level,
  template: string,
  undergraduate: string,
  postgraduate: string,
): string {
  if (level === "undergraduate") return undergraduate;
  if (level === "postgraduate") {
    if (/^(Doctorado|Doctorat|Promotion|Dottorato|Doutoramento)/.test(template)) return "PhD";
    if (template.includes("MBA")) return "MBA";
    return postgraduate;
  }
  if (level === "executive") return template.includes("MBA") ? "EMBA" : "Executive Certificate";
  if (level === "short") return "Short Course";
  return /Diplom|Pós-Graduação|Perfezionamento/.test(template) ? "Diploma" : "Certificate";
}

/** Local forms per language code, with per-discipline topic vocabularies (by discipline index). */
export function buildLocalForms(): Map<string, LocalForms> {
  const out = new Map<string, LocalForms>();
  for (const [code, naming] of Object.entries(LOCAL_NAMING)) {
    const topics = new Map<number, Vocabulary>();
    DISCIPLINES.forEach((d, index) => {
      const words = naming.topics[d.slug];
      if (words && words.length > 0) topics.set(index, vocabulary(words));
    });
    const forms = {} as Record<Level, NameForm[]>;
    for (const level of LEVELS) {
      forms[level] = naming.forms[level].map((template) => {
        const [before = "", after = ""] = template.split("{t}");
        // The degree type depends on the discipline for degrees; resolved per course (see courses.ts).
        return form({
          degree: localDegree(level, template, "BA", "MA"),
          before,
          after,
          source: "topic",
          weight: 1,
        });
      });
    }
    out.set(code, { forms, topics });
  }
  return out;
}

export function pickForm(random: Random, forms: FormTable): NameForm {
  return random.pickWeighted(forms.forms, forms.cumulative);
}
