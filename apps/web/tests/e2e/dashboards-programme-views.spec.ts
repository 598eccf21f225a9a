// Programme page views (docs/decisions/015-programme-analytics.md): opening a programme page in
// Chromium sends the view beacon after hydration and the view is counted once per visitor per day;
// a headless browser (a bot to isbot) sends it too but is not counted. Runs its own small server so
// the test can read the counts from its database once the server has stopped.
import { rmSync } from "node:fs";

import { expect, test, type Page } from "@playwright/test";

import { openDatabase } from "@studyatlas/db/client.ts";

import { startExtraServer, type ExtraServer } from "./support/extra-server.ts";

const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let server: ExtraServer | undefined;
let course: { id: number; slug: string; name: string };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const port = Number(process.env.E2E_PORT ?? 3210) + 51;
  server = await startExtraServer({ port, schools: 6, courses: 60, keepData: true });
  const list = (await (
    await fetch(`${server.baseURL}/api/academics/course/list?page_size=1`)
  ).json()) as { results: { id: number; slug: string; name: string }[] };
  course = list.results[0]!;
});
test.afterAll(async () => {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

/** Opens the programme page and waits for its beacon's answer. */
async function openAndWaitForBeacon(page: Page): Promise<number> {
  const beacon = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      new URL(response.url()).pathname === `/api/academics/course/${course.id}/view`,
  );
  await page.goto(`${server!.baseURL}/course/${course.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(course.name);
  return (await beacon).status();
}

test("opening a programme page sends the beacon and the view is counted once per visitor", async ({
  browser,
}) => {
  const visitor = await browser.newContext({ userAgent: DESKTOP_CHROME });
  const page = await visitor.newPage();
  expect(await openAndWaitForBeacon(page)).toBe(204);
  // The same visitor again: a second view, still one visitor.
  expect(await openAndWaitForBeacon(page)).toBe(204);
  await visitor.close();

  // Chromium's own headless User-Agent says HeadlessChrome: a bot, so not counted.
  const headless = await browser.newContext();
  expect(await openAndWaitForBeacon(await headless.newPage())).toBe(204);
  await headless.close();

  await server!.stop();
  const database = await openDatabase({ kind: "pglite", dataDir: server!.dataDir });
  try {
    const rows = await database.query<{ views: number; visitors: number }>(
      "select views, visitors from programme_view_days where course_id = $1",
      [course.id],
    );
    expect(rows.rows.map((row) => ({ views: row.views, visitors: row.visitors }))).toEqual([
      { views: 2, visitors: 1 },
    ]);
  } finally {
    await database.close();
  }
});
