// Words that are filters in the finder (docs/decisions/045-words-that-are-filters.md): typing
// `psychology masters UK` in the search box keeps the typed text in the URL, shows a chip per
// filter taken from it, and removing one widens the results; the page is axe-clean with its chips
// at 1280 and 375 px. A chip's accessible name is "Remove United Kingdom ‘UK’": its visible text,
// typed words included.
import { expect, type Page, test } from "@playwright/test";

import { severeViolations } from "./support/axe.ts";
import { openPage } from "./support/navigation.ts";

const TYPED = "psychology masters UK";

/** The count in the results heading ("12 results"). */
async function resultCount(page: Page): Promise<number> {
  const text = await page.getByRole("heading", { name: /^[\d,]+ results?$/ }).textContent();
  return Number((text ?? "").replace(/[^\d]/g, ""));
}

async function searchFromHome(page: Page, text: string) {
  await openPage(page, "/");
  const hero = page.getByRole("search", { name: "Search programmes" });
  await hero.getByPlaceholder("What do you want to study?").fill(text);
  await hero.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/coursefinder\?/);
}

test("typed words become removable chips, and removing one widens the results", async ({
  page,
}) => {
  await searchFromHome(page, TYPED);
  // The URL keeps what the student typed.
  expect(new URL(page.url()).searchParams.get("name")).toBe(TYPED);
  const country = page.getByRole("link", { name: "Remove United Kingdom" });
  const level = page.getByRole("link", { name: "Remove Master's" });
  await expect(country).toBeVisible();
  await expect(level).toBeVisible();
  // The heading names what was searched, without the words taken as filters.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Psychology Courses");
  // The country placeholder sent by the search box is no chip.
  await expect(page.getByRole("link", { name: /Remove filter: Where/ })).toHaveCount(0);
  const before = await resultCount(page);

  await country.click();
  await expect(page).toHaveURL(/name=psychology\+masters(&|$)/);
  await expect(page.getByRole("link", { name: "Remove United Kingdom" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Remove Master's" })).toBeVisible();
  await expect.poll(() => resultCount(page)).toBeGreaterThan(before);
});

test("the chips work without JavaScript: server-rendered links", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/coursefinder?name=${encodeURIComponent(TYPED)}`);
  const country = page.getByRole("link", { name: "Remove United Kingdom" });
  await expect(country).toHaveAttribute("href", "/coursefinder?name=psychology+masters");
  await country.click();
  await expect(page).toHaveURL(/\/coursefinder\?name=psychology\+masters$/);
  await expect(page.getByRole("link", { name: "Remove Master's" })).toBeVisible();
  await context.close();
});

// As typed (`widen=false`): the word filters are kept even though nothing matches (ADR 059).
const NOTHING = `/coursefinder?name=${encodeURIComponent("psychology Vatican City")}&widen=false`;

test("nothing matches: what was tried and nearby searches with results", async ({ page }) => {
  await openPage(page, NOTHING);
  await expect(page.getByText("No programmes match ‘psychology’ in Vatican City.")).toBeVisible();
  const nearby = page.getByRole("region", { name: "Searches with results" });
  const without = nearby.getByRole("link", { name: "Without Vatican City" });
  await expect(without).toBeVisible();
  await without.click();
  await expect(page).toHaveURL(/\/coursefinder\?name=psychology&widen=false$/);
  await expect(page.getByRole("region", { name: "Searches with results" })).toHaveCount(0);
  await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
});

for (const width of [1280, 375]) {
  test(`the chips and the zero-result block are axe-clean at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, `/coursefinder?name=${encodeURIComponent(TYPED)}`);
    await expect(page.getByRole("link", { name: "Remove United Kingdom" })).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
    await page.screenshot({
      path: `test-results/finder-query-chips-${width}.png`,
      fullPage: false,
    });
    await openPage(page, NOTHING);
    const nearby = page.getByRole("region", { name: "Searches with results" });
    await expect(nearby).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/finder-nearby-${width}.png` });
  });
}
