// `npm run bench:eligibility-filter`: what "Only programmes I qualify for" adds to an index answer
// (docs/decisions/054-entry-requirements-and-eligibility.md). The index keeps each programme's
// stated requirements as typed columns (finder/requirement-columns.ts) and scans them for a
// student's qualifications; this times that scan on synthetic columns of --courses N programmes
// (100000; 90% with requirements, as the demo catalogue), each request a new student (no kept
// set), alternated with a peer measured in the same run: the index's scan for a duration range
// that is not one of the finder's buckets (filter-sets.ts), one typed column per programme. Then
// the same students again (the kept sets a student paging through a list meets).
// With --profiles N the requirements are drawn from N distinct ones (a catalogue's few thresholds:
// the index then unites groups instead of scanning); without, every programme's are random.
// Options: --courses N, --requests N (300), --profiles N. Prints the load average it ran at.
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";

import {
  RequirementColumns,
  type RequirementRows,
} from "@studyatlas/core/finder/requirement-columns.ts";
import { createRandom } from "@studyatlas/db/seed/random.ts";
import {
  EDUCATION_LEVELS,
  ENGLISH_TESTS,
  ENGLISH_TEST_KEYS,
  type EnglishTest,
  type Qualifications,
} from "@studyatlas/schemas/entry-requirements.ts";

import { option, percentile } from "./harness.ts";

const COURSES = option("courses", 100_000);
const REQUESTS = option("requests", 300);
const r = createRandom(54);

const score = (test: EnglishTest) => {
  const scale = ENGLISH_TESTS[test];
  return scale.min + r.int(0, Math.round((scale.max - scale.min) / scale.step)) * scale.step;
};

const PROFILES = process.argv.includes("--profiles") ? option("profiles", 12) : 0;
const stated = Array.from({ length: COURSES }, (_, doc) => doc + 1).filter(() => r.chance(0.9));
const rows: RequirementRows = {
  courseIds: stated,
  noFormal: stated.map(() => r.chance(0.1)),
  education: stated.map(() => (r.chance(0.8) ? r.pick(EDUCATION_LEVELS) : null)),
  workYears: stated.map(() => (r.chance(0.15) ? r.int(1, 5) : null)),
  tests: Object.fromEntries(
    ENGLISH_TEST_KEYS.map((test) => [test, stated.map(() => (r.chance(0.3) ? score(test) : null))]),
  ) as unknown as RequirementRows["tests"],
};
if (PROFILES > 0) {
  // Every programme takes the requirements of one of the first PROFILES rows.
  const pick = stated.map(() => r.int(0, PROFILES - 1));
  const copy = <T>(values: readonly T[]) => pick.map((row) => values[row] as T);
  rows.noFormal = copy(rows.noFormal);
  rows.education = copy(rows.education);
  rows.workYears = copy(rows.workYears);
  for (const test of ENGLISH_TEST_KEYS) rows.tests[test] = copy(rows.tests[test]);
}
const columns = new RequirementColumns(COURSES, (id) => id - 1, rows);
const durationDays = Int32Array.from({ length: COURSES }, () => r.int(1, 2000));

function student(): Qualifications {
  return {
    education: r.chance(0.9) ? r.pick(EDUCATION_LEVELS) : null,
    english_scores: ENGLISH_TEST_KEYS.filter(() => r.chance(0.4)).map((test) => ({
      test,
      score: score(test),
    })),
    work_years: r.chance(0.7) ? r.int(0, 10) : null,
  };
}

/** The peer: the index's scan for a duration range outside the buckets. */
function durationScan(min: number, max: number) {
  const set = new Uint32Array(Math.ceil(COURSES / 32));
  for (let doc = 0; doc < COURSES; doc += 1) {
    const days = durationDays[doc] as number;
    if (days >= min && days <= max) set[doc >>> 5] = (set[doc >>> 5] as number) | (1 << (doc & 31));
  }
  return set;
}

const students = Array.from({ length: REQUESTS }, student);
const scan: number[] = [];
const peer: number[] = [];
const kept: number[] = [];
for (const [n, qualifications] of students.entries()) {
  let start = performance.now();
  columns.qualifying(qualifications);
  scan.push(performance.now() - start);
  start = performance.now();
  durationScan(100 + n, 900 + n);
  peer.push(performance.now() - start);
}
for (const qualifications of students.slice(-16)) {
  const start = performance.now();
  columns.qualifying({ ...qualifications });
  kept.push(performance.now() - start);
}
const line = (name: string, values: number[]) =>
  `${name}: median ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms`;
console.log(
  `eligibility filter at ${COURSES.toLocaleString("en")} programmes (${PROFILES || "all different"} requirement profiles), ${REQUESTS} students, load ${loadavg()[0]?.toFixed(1)}`,
);
console.log(line("qualifying set (new student)", scan));
console.log(line("peer: duration-range scan", peer));
console.log(line("kept set (same student again)", kept));
console.log(
  `ratio qualifying / peer (medians): ${(percentile(scan, 50) / percentile(peer, 50)).toFixed(2)}`,
);
