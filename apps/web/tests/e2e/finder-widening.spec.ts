// A search whose filters taken from the typed words leave nothing (docs/decisions/
// 059-widening-an-empty-search.md): typing `psychology in Vatican City` (no school is there) shows
// psychology in all countries with a sentence saying so, the URL keeps what was typed, and the undo link shows the
// search as typed — nothing, what was tried, and the nearby searches. Axe-clean at 1280 and 375 px.
import { expect, type Page, test } from "@playwright/test";

import { severeViolations } from "./support/axe.ts";
import { openPage } from "./support/navigation.ts";

const TYPED = "psychology in Vatican City";
const NOTICE =
  "No ‘psychology’ programmes in Vatican City — showing ‘psychology’ in all countries.";

/** The count in the results heading ("12 results"). */
async function resultCount(page: Page): Promise<number> {
  const text = await page.getByRole("heading", { name: /^[\d,]+ results?$/ }).textContent();
  return Number((text ?? "").replace(/[^\d]/g, ""));
}

test("an empty search is widened, says so, and the student can undo it", async ({ page }) => {
  await openPage(page, "/");
  const hero = page.getByRole("search", { name: "Search programmes" });
  await hero.getByPlaceholder("What do you want to study?").fill(TYPED);
  await hero.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/coursefinder\?/);
  // The URL keeps what the student typed.
  expect(new URL(page.url()).searchParams.get("name")).toBe(TYPED);
  await expect(page.getByText(NOTICE)).toBeVisible();
  await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
  // The Vatican City filter is not in effect: no chip to remove.
  await expect(page.getByRole("link", { name: "Remove Vatican City" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Psychology Courses");

  // Undo, by keyboard: the search as typed finds nothing and offers the nearby searches.
  const undo = page.getByRole("link", { name: "Search in Vatican City only" });
  await undo.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/widen=false/);
  expect(new URL(page.url()).searchParams.get("name")).toBe(TYPED);
  await expect(page.getByText("No programmes match ‘psychology’ in Vatican City.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Remove Vatican City" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Searches with results" })).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});

for (const width of [1280, 375]) {
  test(`the widened search and its undo are axe-clean at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, `/coursefinder?name=${encodeURIComponent(TYPED)}`);
    await expect(page.getByText(NOTICE)).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/search-widened-${width}.png` });
    await openPage(page, `/coursefinder?name=${encodeURIComponent(TYPED)}&widen=false`);
    await expect(page.getByRole("region", { name: "Searches with results" })).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/search-unwidened-${width}.png` });
  });
}
