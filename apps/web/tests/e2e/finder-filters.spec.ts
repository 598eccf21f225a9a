// Course finder filters (docs/spec/discovery.md §2 "Course finder page", §4 Finder): each filter changes
// the URL and the results, and the facet count beside an option is the count it gives.
import { expect, test } from "@playwright/test";

import { openPage } from "./support/navigation.ts";
import {
  cardLinks,
  cardNames,
  expectResultCount,
  facetCount,
  filterPanel,
  resultCount,
} from "./finder-support.ts";

test.beforeEach(async ({ page }) => {
  await openPage(page, "/coursefinder");
});

test("a discipline link goes to /courses/{slug} with its facet count", async ({ page }) => {
  const law = filterPanel(page).getByRole("link", { name: /^Law / });
  const expected = await facetCount(law);
  // Heard as "Law 1,234 results": the count's word is in the name, though not on the screen.
  await expect(law).toHaveAccessibleName(`Law ${expected.toLocaleString("en-US")} results`);
  await expect(
    filterPanel(page).getByRole("checkbox", { name: /^Online Learning [\d,]+ results$/ }),
  ).toHaveCount(1);
  await law.click();
  await expect(page).toHaveURL(/\/courses\/law$/);
  await expectResultCount(page, expected);
  await expect(page.getByRole("link", { name: "Remove filter: Law" })).toBeVisible();
  // Choosing a programme level on a variant keeps the discipline in the path.
  await filterPanel(page)
    .getByRole("link", { name: /^Graduates/ })
    .click();
  await expect(page).toHaveURL(/\/graduate\/law$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Graduate Courses");
});

test("a programme level sets programme and shows its facet count", async ({ page }) => {
  const level = filterPanel(page).getByRole("link", { name: /^Graduates/ });
  const expected = await facetCount(level);
  await level.click();
  await expect(page).toHaveURL(/[?&]programme=postgraduate(&|$)/);
  await expectResultCount(page, expected);
  await expect(level).toHaveAttribute("aria-current", "true");
});

test("duration, degree type, attendance and format checkboxes filter by their counts", async ({
  page,
}) => {
  const panel = filterPanel(page);
  const checks = [
    { name: /^1 - 2 years/, param: "duration=365%2C728" },
    { name: /^Online Learning/, param: "attendance=ONLINE" },
    { name: /^Part Time/, param: "course_format=PART" },
  ];
  for (const check of checks) {
    const option = panel
      .locator("label")
      .filter({ has: page.getByRole("checkbox", { name: check.name }) });
    const expected = await facetCount(option);
    await option.getByRole("checkbox").click();
    await expect(page).toHaveURL(new RegExp(check.param));
    await expectResultCount(page, expected);
    await expect(option.getByRole("checkbox")).toBeChecked();
  }
  // Degree types: the first one that has results.
  const degree = panel
    .getByRole("group", { name: "Graduate" })
    .locator("label")
    .filter({ has: page.locator("input:not([disabled])") })
    .first();
  const expected = await facetCount(degree);
  await degree.getByRole("checkbox").click();
  await expect(page).toHaveURL(/degree_type=\d+/);
  await expectResultCount(page, expected);
  // A chip removes its filter again.
  await page.getByRole("link", { name: "Remove filter: Online Learning" }).click();
  await expect(page).not.toHaveURL(/attendance=/);
  await page.getByRole("link", { name: "Clear all" }).click();
  await expect(page).toHaveURL(/\/coursefinder$/);
});

test("options without results are disabled", async ({ page }) => {
  await openPage(page, "/coursefinder?programme=postgraduate");
  const bachelor = filterPanel(page).getByRole("checkbox", { name: /^Bachelor of Arts/ });
  // Degree types are filtered to the chosen programme: no bachelor degrees under Graduates.
  await expect(bachelor).toHaveCount(0);
  await openPage(page, "/coursefinder?duration=0%2C364&programme=postgraduate");
  const empty = filterPanel(page).getByRole("checkbox", { name: /^Less than 1 year/ });
  await expect(empty).toBeChecked();
});

test("tuition APPLY sends the range in USD, converted from another currency", async ({
  page,
  request,
}) => {
  const total = await resultCount(page);
  const panel = filterPanel(page);
  await panel.getByLabel("Min (USD)").fill("0");
  await panel.getByLabel("Max (USD)").fill("5000");
  await panel
    .getByRole("form", { name: "Tuition range" })
    .getByRole("button", { name: "APPLY" })
    .click();
  await expect(page).toHaveURL(/tuition=0%2C5000/);
  await expect.poll(() => resultCount(page)).toBeLessThan(total);
  await expect(
    page.getByRole("link", { name: "Remove filter: Tuition: 0 – 5,000 USD" }),
  ).toBeVisible();

  const currencies = (await (
    await request.get("/api/academics/currency/list?page_size=1000", { maxRetries: 2 })
  ).json()) as {
    results: Array<{ short_code: string; usd_exchange_rate: number }>;
  };
  const rate = currencies.results.find((item) => item.short_code === "EUR")?.usd_exchange_rate ?? 1;
  await panel.getByLabel("Currency").selectOption("EUR");
  await panel.getByLabel("Min (EUR)").fill("1000");
  await panel.getByLabel("Max (EUR)").fill("20000");
  await panel
    .getByRole("form", { name: "Tuition range" })
    .getByRole("button", { name: "APPLY" })
    .click();
  const expected = `${Math.round(1000 / rate)}%2C${Math.round(20000 / rate)}`;
  await expect(page).toHaveURL(new RegExp(`tuition=${expected}&currency=EUR`));
});

test("a country found with the search box filters by its count", async ({ page }) => {
  const panel = filterPanel(page);
  await panel.getByPlaceholder("Search countries...").fill("germ");
  const germany = panel
    .locator("label")
    .filter({ has: page.getByRole("checkbox", { name: /^Germany/ }) });
  await expect(
    panel.getByRole("group", { name: "More countries" }).getByRole("checkbox"),
  ).toHaveCount(1);
  const expected = await facetCount(germany);
  await germany.getByRole("checkbox").click();
  await expect(page).toHaveURL(/country=germany/);
  await expectResultCount(page, expected);
  await expect(
    panel
      .getByRole("group", { name: "Chosen countries" })
      .getByRole("checkbox", { name: /^Germany/ }),
  ).toBeChecked();
});

test("pagination links load the next page of different programmes", async ({ page }) => {
  const first = await cardLinks(page);
  await page.getByRole("link", { name: "Page 2", exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const second = await cardLinks(page);
  expect(second).toHaveLength(20);
  expect(second.filter((href) => first.includes(href))).toEqual([]);
});

test("sorting orders the whole result set by name", async ({ page }) => {
  const sort = page.getByLabel("Sort");
  await sort.selectOption("-name");
  await expect(page).toHaveURL(/ordering=-name/);
  await expect(page.getByRole("main").getByRole("status", { name: "Results" })).toHaveText("");
  await expect
    .poll(async () => (await cardNames(page))[0]?.charAt(0), { timeout: 15_000 })
    .not.toBe("A");
  const descending = (await cardNames(page)).map((name) => name.charAt(0));
  expect([...descending].sort().reverse()).toEqual(descending);
  await sort.selectOption("name");
  await expect(page).toHaveURL(/ordering=name/);
  await expect(page.getByRole("main").getByRole("status", { name: "Results" })).toHaveText("");
  await expect
    .poll(async () => (await cardNames(page))[0]?.charAt(0), { timeout: 15_000 })
    .toBe("A");
  const ascending = (await cardNames(page)).map((name) => name.charAt(0));
  expect([...ascending].sort()).toEqual(ascending);
});

test("arrow keys on the sort select fetch once, on Enter", async ({ page }) => {
  const sort = page.getByLabel("Sort");
  const fetches: string[] = [];
  page.on("request", (request) => {
    if (/coursefinder\.data/.test(request.url())) fetches.push(request.url());
  });
  await sort.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  expect(fetches).toEqual([]);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/ordering=/);
  await expect(page.getByRole("main").getByRole("status", { name: "Results" })).toHaveText("");
  expect(fetches).toHaveLength(1);
});

test("random order keeps one seed across pages", async ({ page }) => {
  const byName = await cardLinks(page);
  await page.getByLabel("Sort").selectOption("random");
  await expect(page).toHaveURL(/ordering=random/);
  // Read each page only once its cards have replaced the previous ones.
  await expect.poll(() => cardLinks(page), { timeout: 15_000 }).not.toEqual(byName);
  const first = await cardLinks(page);
  await page.getByRole("link", { name: "Page 2", exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("link", { name: "Page 2", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect.poll(() => cardLinks(page), { timeout: 15_000 }).not.toEqual(first);
  const second = await cardLinks(page);
  expect(second.filter((href) => first.includes(href))).toEqual([]);
  await page.getByRole("link", { name: "Page 1", exact: true }).click();
  await expect.poll(() => cardLinks(page)).toEqual(first);
});
