// Text and HTML sections of a generated course. Templates are plain functions over a context of
// pre-escaped strings (no per-row regex or template parsing), so a million courses generate fast.
// HTML is compact and uses only tags the site's sanitiser keeps (p, ul, ol, li, a, strong).

import { endSentence, withIndefiniteArticle } from "@studyatlas/schemas/english.ts";

import type { AttendanceMode } from "../schema/catalogue.ts";
import type { Random } from "./random.ts";
import type { Level } from "./reference.ts";
import { escapeHtml } from "./text.ts";

export interface TextContext {
  name: string;
  nameHtml: string;
  schoolName: string;
  schoolHtml: string;
  city: string;
  cityHtml: string;
  country: string;
  countryHtml: string;
  topic: string;
  topicHtml: string;
  disciplineSlug: string;
  disciplineHtml: string;
  level: Level;
  isDoctorate: boolean;
  /** "80 hours", "1 year": the duration as a noun. */
  durationText: string;
  /** "80-hour", "1-year": the duration before a noun. */
  durationAdjective: string;
  formatText: string;
  attendance: AttendanceMode;
  languageName: string;
  /** "EUR 12,300 per year", or "" when free or unknown. */
  feeText: string;
  free: boolean;
  unknownFee: boolean;
  officialUrl: string;
  /** Escaped module titles, at least 8. */
  modules: readonly string[];
}

const CAREERS: Readonly<Record<string, readonly string[]>> = {
  "agriculture-and-forestry": [
    "farm manager",
    "agronomist",
    "forestry officer",
    "food-security analyst",
    "agribusiness consultant",
  ],
  "art-and-humanities": [
    "curator",
    "editor",
    "cultural policy officer",
    "content writer",
    "heritage consultant",
  ],
  "business-and-administration": [
    "management consultant",
    "financial analyst",
    "marketing manager",
    "entrepreneur",
    "operations manager",
  ],
  communication: [
    "journalist",
    "communications manager",
    "PR consultant",
    "content strategist",
    "social media lead",
  ],
  "computer-science": [
    "software engineer",
    "data scientist",
    "security analyst",
    "machine learning engineer",
    "IT consultant",
  ],
  "education-and-training": [
    "teacher",
    "instructional designer",
    "school leader",
    "education consultant",
    "learning and development manager",
  ],
  "engineering-and-technology": [
    "design engineer",
    "project engineer",
    "energy consultant",
    "manufacturing manager",
    "research and development engineer",
  ],
  "environmental-science": [
    "sustainability consultant",
    "environmental officer",
    "climate analyst",
    "conservation manager",
    "ESG analyst",
  ],
  "health-sciences": [
    "registered nurse",
    "public health officer",
    "healthcare manager",
    "dietitian",
    "health data analyst",
  ],
  "hospitality-leisure-and-sports": [
    "hotel manager",
    "event manager",
    "tourism officer",
    "sports administrator",
    "revenue manager",
  ],
  humanities: ["researcher", "archivist", "policy adviser", "teacher", "editor"],
  law: ["lawyer", "legal counsel", "compliance officer", "policy adviser", "mediator"],
  medicine: [
    "clinician",
    "clinical researcher",
    "medical scientist",
    "health policy adviser",
    "pharmaceutical scientist",
  ],
  music: ["performer", "composer", "music producer", "sound designer", "arts administrator"],
  "natural-sciences": [
    "research scientist",
    "data analyst",
    "laboratory manager",
    "science teacher",
    "quantitative analyst",
  ],
  psychology: [
    "psychologist",
    "counsellor",
    "HR specialist",
    "user researcher",
    "behavioural scientist",
  ],
  "social-sciences": [
    "policy analyst",
    "diplomat",
    "NGO programme manager",
    "researcher",
    "urban planner",
  ],
  art: ["designer", "illustrator", "art director", "photographer", "creative entrepreneur"],
};

function attendanceAdverb(mode: AttendanceMode): string {
  return mode === "ONLINE" ? "online" : mode === "BLENDED" ? "in a blended format" : "on campus";
}

function levelNoun(ctx: TextContext): string {
  switch (ctx.level) {
    case "undergraduate":
      return "bachelor's degree";
    case "postgraduate":
      return ctx.isDoctorate ? "doctoral programme" : "master's programme";
    case "executive":
      return "executive programme";
    case "short":
      return "short course";
    case "certificate":
      return "certificate programme";
  }
}

// ---------------------------------------------------------------------------------------------
// About (plain text, 150-400 characters; kept near the short end because the search vector is
// computed from it for every row)

const ABOUT_OPENERS: ReadonlyArray<(c: TextContext) => string> = [
  (c) =>
    `${c.name} at ${c.schoolName} is ${withIndefiniteArticle(`${c.durationAdjective} ${c.formatText} ${levelNoun(c)}`)}, taught ${attendanceAdverb(c.attendance)}.`,
  (c) =>
    `Study ${c.topic} with ${c.schoolName} in ${c.city}, ${c.country}: ${c.durationText}, ${c.formatText}, ${attendanceAdverb(c.attendance)}.`,
  (c) =>
    `${c.schoolName} offers this ${c.durationAdjective} ${levelNoun(c)} in ${c.topic}, taught ${attendanceAdverb(c.attendance)}.`,
];

const ABOUT_BODIES: Readonly<Record<Level, ReadonlyArray<(c: TextContext) => string>>> = {
  undergraduate: [
    (c) => `A strong foundation in ${c.topic}, ready for work or further study.`,
    () => "Core theory, practical modules and a final project.",
  ],
  postgraduate: [
    (c) => `Advanced modules and independent research in ${c.topic}.`,
    () => "Taught by active researchers; ends with a dissertation.",
  ],
  executive: [
    (c) => `For experienced professionals who lead in ${c.topic}.`,
    () => "Live cases, peer learning and a personal leadership plan.",
  ],
  short: [
    (c) => `Job-ready skills in ${c.topic} in a short time.`,
    () => "Short lessons, live workshops and hands-on practice.",
  ],
  certificate: [
    (c) => `A recognised qualification in ${c.topic} for your career.`,
    () => "Assessed through real workplace tasks.",
  ],
};

export function aboutText(c: TextContext, random: Random): string {
  const opener = random.pick(ABOUT_OPENERS)(c);
  let text = `${opener} ${random.pick(ABOUT_BODIES[c.level])(c)}`;
  if (text.length > 400) text = opener.length <= 400 ? opener : `${opener.slice(0, 396)}...`;
  if (text.length < 150) text += ` Taught in ${c.languageName}.`;
  if (text.length < 150) text += " Apply online today.";
  return text;
}

// ---------------------------------------------------------------------------------------------
// Overview (three paragraphs; about one in ten runs past 1,000 characters)

const OVERVIEW_INTROS: ReadonlyArray<(c: TextContext) => string> = [
  (c) =>
    `<p>The ${c.nameHtml} at ${c.schoolHtml} gives you a thorough grounding in ${c.topicHtml}, taught by academics and practitioners at the forefront of the field in ${c.cityHtml}, ${c.countryHtml}.</p>`,
  (c) =>
    `<p>${c.schoolHtml} designed the ${c.nameHtml} for learners who want to understand ${c.topicHtml} in depth. Over ${c.durationText} of ${c.formatText} study you combine theory with real projects.</p>`,
  (c) =>
    `<p>${endSentence(`Study ${c.topicHtml} with ${c.schoolHtml} in ${c.cityHtml}`)} Delivered ${attendanceAdverb(c.attendance)}, the programme fits around work, family and other commitments.</p>`,
];

const OVERVIEW_CONTENT: ReadonlyArray<(c: TextContext) => string> = [
  (c) =>
    `<p>The curriculum covers ${c.modules[0]}, ${c.modules[1]} and ${c.modules[2]}, and builds towards ${c.modules[3]}, with detailed feedback from tutors at every stage.`,
  (c) =>
    `<p>You start with ${c.modules[0]} and ${c.modules[1]}, then choose electives such as ${c.modules[2]} or ${c.modules[3]}. Teaching is practical: case studies, group work and guest speakers.`,
];

const OVERVIEW_EXTRA: ReadonlyArray<(c: TextContext) => string> = [
  (c) =>
    ` You work with classmates from many countries, which brings an international perspective to every discussion. Small seminar groups, regular one-to-one sessions and an online learning platform that is open around the clock make it easy to keep up wherever you study. Optional workshops cover academic writing, research methods and ${c.modules[4]}.`,
  (c) =>
    ` Assessment combines coursework, presentations and a substantial final project, so you graduate with a portfolio that shows employers what you can do. Many students base that project on a challenge from their own workplace or from a partner organisation of ${c.schoolHtml}, and the best projects are presented at an annual showcase.`,
];

const OVERVIEW_OUTCOMES: ReadonlyArray<(c: TextContext, career: readonly string[]) => string> = [
  (_c, career) =>
    `<p>Graduates work as ${career[0]}s, ${career[1]}s and ${career[2]}s, supported by coaching and an alumni network in over 80 countries.`,
  (c, career) =>
    `<p>You will apply ${c.topicHtml} with confidence; typical next steps include roles such as ${career[3]} or ${career[4]}.`,
];

export function overviewHtml(c: TextContext, random: Random, withLink: boolean): string {
  const career = CAREERS[c.disciplineSlug] ?? CAREERS["business-and-administration"] ?? [];
  let html = random.pick(OVERVIEW_INTROS)(c) + random.pick(OVERVIEW_CONTENT)(c);
  const extra = random.next();
  if (extra < 0.1)
    html +=
      (OVERVIEW_EXTRA[0] as (c: TextContext) => string)(c) +
      (OVERVIEW_EXTRA[1] as (c: TextContext) => string)(c);
  else if (extra < 0.35) html += random.pick(OVERVIEW_EXTRA)(c);
  html += "</p>" + random.pick(OVERVIEW_OUTCOMES)(c, career);
  if (withLink) html += ` See the <a href="${c.officialUrl}">official programme page</a>.`;
  return html + "</p>";
}

// ---------------------------------------------------------------------------------------------
// Why choose, who for

const WHY_REASONS: readonly string[] = [
  "Teaching by researchers and practitioners",
  "Flexible schedule for working students",
  "Small cohorts and personal tutors",
  "Strong links with employers",
  "Career coaching and alumni network",
  "Projects with partner organisations",
  "Online platform available 24/7",
  "Internationally diverse classmates",
  "Scholarships and instalment plans",
  "Credits recognised worldwide",
];

/** Every "three reasons" list, rendered once. */
const WHY_LISTS: readonly string[] = WHY_REASONS.map(
  (_, start) =>
    `<ul>${[0, 1, 2].map((i) => `<li>${WHY_REASONS[(start + i * 3) % WHY_REASONS.length]}</li>`).join("")}</ul>`,
);

export function whyChoseHtml(c: TextContext, random: Random): string {
  return `<p>${c.schoolHtml} combines academic depth with practical experience in ${c.topicHtml}.</p>${random.pick(WHY_LISTS)}`;
}

const WHO_FOR: Readonly<Record<Level, ReadonlyArray<(c: TextContext) => string>>> = {
  undergraduate: [
    (c) =>
      `<p>School leavers and career changers curious about ${c.topicHtml} who want a degree that opens many doors.</p>`,
    (c) => `<p>Students who enjoy ${c.disciplineHtml} and want a professional qualification.</p>`,
  ],
  postgraduate: [
    (c) =>
      `<p>Graduates and professionals who want to specialise in ${c.topicHtml} or prepare for research.</p>`,
    (c) =>
      `<p>Graduates of ${c.disciplineHtml} and related fields seeking advanced, career-focused study.</p>`,
  ],
  executive: [
    (c) =>
      `<p>Managers with several years of experience who want to lead change in ${c.topicHtml} while they keep working.</p>`,
  ],
  short: [
    (c) =>
      `<p>Anyone who wants practical skills in ${c.topicHtml} quickly, from beginners to experienced professionals.</p>`,
  ],
  certificate: [
    (c) =>
      `<p>Working professionals who want a recognised credential in ${c.topicHtml} to advance or switch careers.</p>`,
  ],
};

export function whoForHtml(c: TextContext, random: Random): string {
  return random.pick(WHO_FOR[c.level])(c);
}

// ---------------------------------------------------------------------------------------------
// Requirements

const ADMISSION: Readonly<Record<Level, readonly string[]>> = {
  undergraduate: [
    "Secondary school diploma or equivalent (A levels, IB)",
    "Mathematics and English at a good standard",
    "Personal statement",
    "One academic reference",
  ],
  postgraduate: [
    "Bachelor's degree in a related field",
    "Academic transcripts",
    "CV and motivation letter",
    "Two references",
  ],
  executive: [
    "At least five years of professional experience",
    "Bachelor's degree or equivalent qualification",
    "CV and employer support letter",
    "Interview with the programme director",
  ],
  short: [
    "No formal entry requirements",
    "A computer with reliable internet",
    "Interest in the subject",
  ],
  certificate: [
    "Secondary school diploma; a degree for graduate certificates",
    "Relevant work experience is an advantage",
    "CV and statement of purpose",
  ],
};

/** The admission list of each level, with 3 or all items, rendered once. */
const ADMISSION_HTML = {} as Record<Level, readonly string[]>;
for (const level of Object.keys(ADMISSION) as Level[]) {
  const items = ADMISSION[level];
  ADMISSION_HTML[level] = [3, items.length].map(
    (n) =>
      `<ul>${items
        .slice(0, n)
        .map((item) => `<li>${escapeHtml(item)}</li>`)
        .join("")}</ul>`,
  );
}

export function admissionHtml(c: TextContext, random: Random): string {
  return random.pick(ADMISSION_HTML[c.level]);
}

const OTHER_REQUIREMENTS: ReadonlyArray<(c: TextContext) => string> = [
  (c) =>
    `<p>IELTS 6.5 or TOEFL iBT 90 unless you studied in English. Classes are taught in ${c.languageName}.</p>`,
  () => "<p>A laptop with a webcam and a stable internet connection for live sessions.</p>",
  (c) => `<p>Applicants whose first language is not ${c.languageName} need level B2 or above.</p>`,
  () => "<p>Some modules include a residential week; travel is not included in the fee.</p>",
];

export function otherRequirementsHtml(c: TextContext, random: Random): string {
  return random.chance(0.1) ? "" : random.pick(OTHER_REQUIREMENTS)(c);
}

// ---------------------------------------------------------------------------------------------
// Structure and syllabus

export function programmeStructureHtml(
  c: TextContext,
  random: Random,
  durationUnit: string,
  duration: number,
): string {
  const m = c.modules;
  let label: string;
  let steps: number;
  if (durationUnit === "years") {
    label = duration === 1 ? "Term" : "Year";
    steps = duration === 1 ? 3 : Math.min(duration, 4);
  } else if (durationUnit === "months") {
    label = duration >= 9 ? "Term" : "Month";
    steps = duration >= 9 ? Math.min(Math.ceil(duration / 6), 4) : Math.min(duration, 3);
  } else if (durationUnit === "weeks") {
    label = "Week";
    steps = Math.min(duration, 3);
  } else if (durationUnit === "days") {
    label = "Day";
    steps = Math.min(duration, 3);
  } else {
    label = "Part";
    steps = 3;
  }
  let items = "";
  for (let i = 0; i < steps; i++) {
    const a = m[(i * 2) % m.length] as string;
    items +=
      steps > 1 && i === steps - 1
        ? `<li>${label} ${i + 1}: ${a} and final project</li>`
        : `<li>${label} ${i + 1}: ${a} and ${m[(i * 2 + 1) % m.length]}</li>`;
  }
  return random.chance(0.5)
    ? `<ol>${items}</ol>`
    : `<p>${steps} stage${steps === 1 ? "" : "s"}:</p><ol>${items}</ol>`;
}

export function syllabusHtml(c: TextContext, random: Random): string {
  const count = random.int(4, 6);
  let items = "";
  for (let i = 0; i < count; i++) items += `<li>${c.modules[i]}</li>`;
  return `<ul>${items}</ul>`;
}

// ---------------------------------------------------------------------------------------------
// Tuition, aid and scholarships

const AID_SENTENCES: readonly string[] = [
  " Pay in monthly instalments at no extra cost.",
  " Employer sponsorship and student loans may cover part of it.",
  " Early applicants receive a 10% discount.",
  " Alumni receive a 15% reduction.",
];

export function tuitionAndAidHtml(c: TextContext, random: Random): string {
  const fee = c.free
    ? "This programme is free; an optional verified certificate is paid."
    : c.unknownFee
      ? "Tuition for the next intake has not been published yet."
      : `Tuition is <strong>${c.feeText}</strong>.`;
  return `<p>${fee}${random.pick(AID_SENTENCES)}</p>`;
}

const SCHOLARSHIPS: ReadonlyArray<(c: TextContext) => string> = [
  () => "<p>Merit scholarships of up to 50% of tuition for outstanding applicants.</p>",
  (c) => `<p>${c.schoolHtml} offers need-based grants and a few full scholarships.</p>`,
  () => "<p>Early-career scholarships cover 20% to 40% of the fee.</p>",
  (c) =>
    `<p>Students from ${c.countryHtml} may qualify for a regional scholarship of up to 30%.</p>`,
];

export function scholarshipHtml(c: TextContext, random: Random): string {
  return random.pick(SCHOLARSHIPS)(c);
}
