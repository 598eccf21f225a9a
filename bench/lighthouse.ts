// `npm run bench:lighthouse`: Lighthouse's mobile preset (its default: a mid-range phone on a slow
// 4G connection, simulated) against the built production server on the demo catalogue, for the
// home page, the finder and a programme page. Prints each page's four category
// scores and its first contentful paint, largest contentful paint, total blocking time and layout
// shift, the median of --runs runs (default 3). Chromium from CHROME_PATH (default
// /usr/bin/chromium: Debian's, never a downloaded one).
// Options: --runs N, --keep (reuse the seeded demo database), --port N (the server's port,
// default 3293), --reports DIR (write each run's full Lighthouse report there as JSON, to see
// the audits behind a score).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { DEFAULT_SEED_OPTIONS } from "@studyatlas/db/seed/seed-catalogue.ts";

import {
  engineName,
  ensureBuild,
  flag,
  json,
  option,
  prepareDatabase,
  startServer,
  stopServer,
} from "./harness.ts";

const RUNS = option("runs", 3);
const PORT = option("port", 3293);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const AUDITS = {
  "first-contentful-paint": "FCP",
  "largest-contentful-paint": "LCP",
  "total-blocking-time": "TBT",
  "cumulative-layout-shift": "CLS",
} as const;

interface PageFigures {
  scores: Record<(typeof CATEGORIES)[number], number>;
  audits: Record<keyof typeof AUDITS, number>;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const REPORTS = (() => {
  const index = process.argv.indexOf("--reports");
  return index === -1 ? undefined : process.argv[index + 1];
})();

/** Attempts per run: now and then Chromium's trace misses the navigation (NO_NAVSTART). */
const ATTEMPTS = 3;

async function audit(url: string, port: number, reportName: string): Promise<PageFigures> {
  let lhr;
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    lhr = result.lhr;
    if (!lhr.runtimeError) break;
    if (attempt === ATTEMPTS) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.log(`  ${url}: ${lhr.runtimeError.code}, run again`);
  }
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(path.join(REPORTS, `${reportName}.json`), JSON.stringify(lhr));
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as PageFigures["scores"];
  const audits = Object.fromEntries(
    Object.keys(AUDITS).map((id) => [id, lhr.audits[id]?.numericValue ?? Number.NaN]),
  ) as PageFigures["audits"];
  return { scores, audits };
}

ensureBuild();
const env = await prepareDatabase({ ...DEFAULT_SEED_OPTIONS, keep: flag("keep") });
const server = await startServer(env, PORT);
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
try {
  const course = await json<{ results: Array<{ slug: string }> }>(
    server.base,
    "/api/academics/course/list?page_size=1",
  );
  const pages = [
    ["home", "/"],
    ["finder", "/coursefinder"],
    ["programme", `/course/${course.results[0]?.slug ?? ""}`],
  ] as const;
  console.log(
    `Lighthouse (mobile preset), ${DEFAULT_SEED_OPTIONS.courses.toLocaleString("en")} programmes on ${engineName}, median of ${RUNS} runs, Chromium ${CHROME_PATH}`,
  );
  for (const [label, pagePath] of pages) {
    const runs: PageFigures[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      runs.push(await audit(`${server.base}${pagePath}`, chrome.port, `${label}-${i + 1}`));
    }
    const score = (id: (typeof CATEGORIES)[number]) => median(runs.map((run) => run.scores[id]));
    const value = (id: keyof typeof AUDITS) => median(runs.map((run) => run.audits[id]));
    console.log(
      `${label.padEnd(10)} performance ${score("performance")} | accessibility ${score("accessibility")} | best practices ${score("best-practices")} | SEO ${score("seo")} | ` +
        `FCP ${(value("first-contentful-paint") / 1000).toFixed(2)} s | LCP ${(value("largest-contentful-paint") / 1000).toFixed(2)} s | ` +
        `TBT ${value("total-blocking-time").toFixed(0)} ms | CLS ${value("cumulative-layout-shift").toFixed(3)} | ${pagePath}`,
    );
  }
} finally {
  chrome.kill();
  await stopServer(server);
}
