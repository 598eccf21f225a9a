// `npm run bench:search-quality`: how well the finder's search box answers what students type.
// Seeds the demo catalogue as a first `npm start` does (bench/search-quality/catalogue.ts), grades
// every programme for every judged query by the query's rules (bench/search-quality/queries.ts,
// README.md there), runs each query through the product's own search (resolveCourseListRequest +
// listCoursesWidening, relevance order, one page of 100) with the in-process index and again on the SQL
// path, and through the peer (`@orama/orama` with its own prefix search, typo tolerance and
// stemming, and the finder's synonym list: bench/search-quality/orama.ts). Prints nDCG@10,
// precision@10, recall@100 and the zero-result rate for today's ranking (the committed
// bench/search-quality/baseline.json), this tree, and the peer.
// Options: --write-baseline (measure this tree and write it as today's ranking; seeds anew),
// --fresh (seed anew rather than load the dump a run with the same seeding code left), --worst N (list
// this tree's N weakest queries), --query TEXT (print a query's first results with their grades;
// repeatable).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { format } from "prettier";

import { createFinderIndex, type FinderIndex } from "@studyatlas/core/finder/finder-index.ts";
import { listCoursesWidening, resolveCourseListRequest } from "@studyatlas/core/finder/search.ts";
import { CourseListQuerySchema } from "@studyatlas/schemas/catalogue.ts";

import { option, ROOT } from "./harness.ts";
import { DEMO_CATALOGUE, openDemoCatalogue, readProgrammes } from "./search-quality/catalogue.ts";
import { fold, judge, type Grade, type QueryKind } from "./search-quality/judgments.ts";
import {
  RECALL_DEPTH,
  scoreQuery,
  totals,
  type QueryScore,
  type Totals,
} from "./search-quality/metrics.ts";
import { OramaSearch, readSynonyms } from "./search-quality/orama.ts";
import { JUDGED_QUERIES } from "./search-quality/queries.ts";

const BASELINE = path.join(ROOT, "bench/search-quality/baseline.json");
const writeBaseline = process.argv.includes("--write-baseline");
const worst = process.argv.includes("--worst") ? option("worst", 10) : 0;
const shownQueries = process.argv.flatMap((arg, i) =>
  arg === "--query" && process.argv[i + 1] !== undefined ? [process.argv[i + 1] as string] : [],
);

interface Answer {
  ids: number[];
  count: number;
  error?: string;
}

interface QueryResult extends QueryScore {
  query: string;
  kind: QueryKind;
  /** The first ten programme ids answered. */
  top: number[];
  error?: string;
}

interface Baseline {
  /** The commit measured. */
  commit: string;
  /** The last commit that changed the product (packages/, apps/) at that commit. */
  productCommit: string;
  measuredAt: string;
  catalogue: typeof DEMO_CATALOGUE;
  /** Identifies the judged set the baseline was measured on (queries and rules). */
  judgedSet: string;
  totals: Totals;
  queries: QueryResult[];
}

const judgedSet = createHash("sha256")
  .update(JSON.stringify(JUDGED_QUERIES))
  .digest("hex")
  .slice(0, 16);

function git(...args: string[]): string {
  return spawnSync("git", args, { cwd: ROOT, encoding: "utf8" }).stdout.trim();
}

const started = performance.now();
// --write-baseline always seeds anew.
const { handle, reused } = await openDemoCatalogue({
  fresh: writeBaseline || process.argv.includes("--fresh"),
});
const { db } = handle;
const programmes = await readProgrammes(handle);
const foldedNames = programmes.map((p) => fold(p.name));
const judgments = JUDGED_QUERIES.map((judged) => judge(programmes, judged, foldedNames));
const unanswerable = JUDGED_QUERIES.filter(
  (_, i) => ![...(judgments[i]?.values() ?? [])].some((grade) => grade >= 2),
);
if (unanswerable.length > 0) {
  console.error(
    `Every judged query needs a relevant programme (grade 2 or 3) in the demo catalogue; these have none: ${unanswerable.map((j) => JSON.stringify(j.query)).join(", ")}`,
  );
  process.exit(1);
}
console.log(
  `Demo catalogue: ${programmes.length.toLocaleString("en")} public programmes (${DEMO_CATALOGUE.courses} seeded, seed ${DEMO_CATALOGUE.seed}) ${reused ? "loaded from the last run's dump" : "seeded"} in ${((performance.now() - started) / 1000).toFixed(1)} s; ${JUDGED_QUERIES.length} judged queries`,
);

async function studyAtlas(query: string, finder: FinderIndex | undefined): Promise<Answer> {
  try {
    const asked = CourseListQuerySchema.parse({ name: query, page_size: String(RECALL_DEPTH) });
    const request = await resolveCourseListRequest(db, asked, finder);
    // As the API answers: widened when the words' filters leave nothing (ADR 059).
    const { answer: page } = await listCoursesWidening(db, asked, request, finder);
    return { ids: page.results.map((course) => course.id), count: page.count };
  } catch (error) {
    // A query the finder refuses (a 4xx) is a query answered with nothing.
    return { ids: [], count: 0, error: error instanceof Error ? error.message : String(error) };
  }
}

async function run(
  label: string,
  answer: (query: string) => Promise<Answer>,
): Promise<{ results: QueryResult[]; answers: Answer[]; seconds: number; ms: number[] }> {
  const at = performance.now();
  const results: QueryResult[] = [];
  const answers: Answer[] = [];
  const ms: number[] = [];
  for (const [i, judged] of JUDGED_QUERIES.entries()) {
    const queryStarted = performance.now();
    const got = await answer(judged.query);
    ms.push(performance.now() - queryStarted);
    answers.push(got);
    results.push({
      query: judged.query,
      kind: judged.kind,
      ...scoreQuery(got.ids, got.count, judgments[i] ?? new Map()),
      top: got.ids.slice(0, 10),
      ...(got.error ? { error: got.error } : {}),
    });
  }
  const seconds = (performance.now() - at) / 1000;
  console.log(
    `${label}: ${JUDGED_QUERIES.length} queries in ${seconds.toFixed(1)} s (a query: median ${quantile(ms, 0.5).toFixed(1)} ms, p95 ${quantile(ms, 0.95).toFixed(1)} ms)`,
  );
  return { results, answers, seconds, ms };
}

/** The q-quantile of `values` (nearest rank). */
function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function show(query: string, ids: number[], judged: ReadonlyMap<number, Grade>): void {
  const byId = new Map(programmes.map((p) => [p.id, p]));
  console.log(`\n${JSON.stringify(query)}: the first results and their grades`);
  for (const [rank, id] of ids.slice(0, 20).entries()) {
    const p = byId.get(id);
    console.log(
      `  ${String(rank + 1).padStart(2)}. [${judged.get(id) ?? 0}] ${p?.name} (${p?.disciplines[0]}, ${p?.level}, ${p?.country}, ${p?.attendance}, ${p?.format})`,
    );
  }
}

// The product, as the server runs it: the in-process index (built as the server builds it)...
const finder = createFinderIndex(db, {
  enabled: true,
  readAhead: false,
  onError: (error) => {
    console.error("The finder index could not be built", error);
    process.exit(1);
  },
});
await finder.settled();
const indexed = await run("StudyAtlas, in-process index", (query) => studyAtlas(query, finder));
// ...and the SQL path, which must give the same answers (search.ts: "both give the same answer").
const sqlPath = await run("StudyAtlas, SQL path", (query) => studyAtlas(query, undefined));
const disagreements = JUDGED_QUERIES.map((judged, i) => ({ judged, i })).filter(({ i }) => {
  const a = indexed.answers[i];
  const b = sqlPath.answers[i];
  return a?.count !== b?.count || JSON.stringify(a?.ids) !== JSON.stringify(b?.ids);
});

const synonyms = await readSynonyms(db);
const oramaStarted = performance.now();
const orama = await OramaSearch.build(db, synonyms);
console.log(
  `Orama peer built in ${((performance.now() - oramaStarted) / 1000).toFixed(1)} s with ${synonyms.length} synonym entries${synonyms.length === 0 ? " (the database has no search_synonyms table)" : " (search_synonyms)"}`,
);
const peer = await run("Orama", (query) => orama.search(query, RECALL_DEPTH));

for (const shown of shownQueries) {
  const judged = JUDGED_QUERIES.find((j) => j.query === shown);
  const judgement = judged ? judge(programmes, judged, foldedNames) : new Map<number, Grade>();
  if (!judged) console.log(`${JSON.stringify(shown)} is not a judged query: every grade is 0`);
  const ours = await studyAtlas(shown, finder);
  console.log(`\nStudyAtlas: ${ours.count} results${ours.error ? ` (${ours.error})` : ""}`);
  show(shown, ours.ids, judgement);
  const theirs = await orama.search(shown, RECALL_DEPTH);
  console.log(`\nOrama: ${theirs.count} results`);
  show(shown, theirs.ids, judgement);
}

const current = totals(indexed.results);
const commit = git("rev-parse", "--short", "HEAD");
const dirty = git("status", "--porcelain", "--", "packages", "apps") !== "";

if (writeBaseline) {
  const baseline: Baseline = {
    commit: git("rev-parse", "HEAD") + (dirty ? " (with uncommitted changes)" : ""),
    productCommit: git("log", "-1", "--format=%H", "--", "packages", "apps"),
    measuredAt: new Date().toISOString(),
    catalogue: DEMO_CATALOGUE,
    judgedSet,
    totals: current,
    queries: indexed.results,
  };
  // Four decimals are plenty; Prettier's form, as `npm run lint` checks every file.
  const text = JSON.stringify(baseline, (_, value: unknown) =>
    typeof value === "number" ? Math.round(value * 1e4) / 1e4 : value,
  );
  writeFileSync(BASELINE, await format(text, { filepath: BASELINE }));
  console.log(`Wrote ${path.relative(ROOT, BASELINE)} (today's ranking, measured on ${commit})`);
}

const baseline: Baseline | undefined = existsSync(BASELINE)
  ? (JSON.parse(readFileSync(BASELINE, "utf8")) as Baseline)
  : undefined;

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const row = (label: string, t: Totals) =>
  `${label.padEnd(40)} ${t.ndcg.toFixed(3).padStart(8)} ${t.precision.toFixed(3).padStart(8)} ${t.recall.toFixed(3).padStart(8)} ${percent(t.zeroResultRate).padStart(12)}`;

console.log(
  `\n${"".padEnd(40)} ${"nDCG@10".padStart(8)} ${"P@10".padStart(8)} ${`R@${RECALL_DEPTH}`.padStart(8)} ${"zero-result".padStart(12)}`,
);
if (baseline) {
  const note = baseline.judgedSet === judgedSet ? "" : " [judged set changed since]";
  console.log(row(`today (${baseline.productCommit.slice(0, 7)})${note}`, baseline.totals));
} else {
  console.log(`today: no ${path.relative(ROOT, BASELINE)} (--write-baseline measures it)`);
}
console.log(row(`StudyAtlas (this tree, ${commit}${dirty ? "+" : ""})`, current));
console.log(row("Orama 3.1.18 (peer)", totals(peer.results)));
console.log(
  `SQL path: the same answers as the index for ${JUDGED_QUERIES.length - disagreements.length} of ${JUDGED_QUERIES.length} queries (first ${RECALL_DEPTH} ids and the total)${
    disagreements.length > 0
      ? `; differs for ${disagreements
          .slice(0, 10)
          .map(({ judged }) => JSON.stringify(judged.query))
          .join(", ")}${disagreements.length > 10 ? ", …" : ""}`
      : ""
  }`,
);
// The same query on both paths, one after the other: SQL's time over the index's, per query.
const ratios = sqlPath.ms.map((ms, i) => ms / Math.max(indexed.ms[i] ?? 0, 0.01));
console.log(
  `SQL path against the index, per query: median ${quantile(ratios, 0.5).toFixed(2)}× the index's time (p5 ${quantile(ratios, 0.05).toFixed(2)}×, p95 ${quantile(ratios, 0.95).toFixed(2)}×)`,
);
const sqlTotals = totals(sqlPath.results);
console.log(row("StudyAtlas, SQL path", sqlTotals));

// nDCG@10 by kind of query.
const kinds = [...new Set(JUDGED_QUERIES.map((j) => j.kind))];
const byKind = (results: readonly QueryResult[], kind: QueryKind) =>
  totals(results.filter((r) => r.kind === kind))
    .ndcg.toFixed(3)
    .padStart(8);
console.log(
  `\nnDCG@10 by kind of query  ${"queries".padStart(8)} ${"today".padStart(8)} ${"tree".padStart(8)} ${"Orama".padStart(8)}`,
);
for (const kind of kinds) {
  const n = JUDGED_QUERIES.filter((j) => j.kind === kind).length;
  const today =
    baseline && baseline.judgedSet === judgedSet ? byKind(baseline.queries, kind) : "–".padStart(8);
  console.log(
    `${kind.padEnd(25)} ${String(n).padStart(8)} ${today} ${byKind(indexed.results, kind)} ${byKind(peer.results, kind)}`,
  );
}

// Per query against today: how many moved, and the largest drops (a change that helps most
// queries can still break some).
if (baseline && baseline.judgedSet === judgedSet) {
  const moves = indexed.results.map((result, i) => ({
    query: result.query,
    before: baseline.queries[i]?.ndcg ?? 0,
    after: result.ndcg,
  }));
  // The baseline keeps four decimals.
  const better = moves.filter((m) => m.after > m.before + 5e-4).length;
  const drops = moves
    .filter((m) => m.after < m.before - 5e-4)
    .sort((a, b) => a.after - a.before - (b.after - b.before));
  console.log(
    `\nAgainst today, nDCG@10 per query: ${better} better, ${drops.length} worse, ${moves.length - better - drops.length} the same${
      drops.length > 0
        ? `; the largest drops: ${drops
            .slice(0, 10)
            .map((m) => `${JSON.stringify(m.query)} ${m.before.toFixed(2)} → ${m.after.toFixed(2)}`)
            .join(", ")}`
        : ""
    }`,
  );
}

if (worst > 0) {
  console.log(`\nThis tree's ${worst} weakest queries (nDCG@10, results):`);
  for (const result of [...indexed.results].sort((a, b) => a.ndcg - b.ndcg).slice(0, worst)) {
    console.log(
      `  ${result.ndcg.toFixed(3)}  ${String(result.count).padStart(5)}  ${JSON.stringify(result.query)}${result.error ? ` (${result.error})` : ""}`,
    );
  }
}

await handle.close();
console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(1)} s`);
