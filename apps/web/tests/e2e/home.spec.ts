// The home page (docs/spec/discovery.md §2 "Home page", "Carousels", "Course card"): sections in the
// spec's order, their links, the carousels and the ?login=true flag.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

import { openPage } from "./support/navigation.ts";

const SECTION_TITLES = [
  "Programme types",
  "Featured Undergraduate Programs",
  "Featured Graduate Programs",
  "Executive Education",
  "Short Courses",
  "Certificate Courses",
  "Free Courses",
  "Browse by Country",
  "Browse By Discipline",
  "Stay ahead with our newsletter",
  "Reviews across the Globe",
  "Courses By Countries",
];

function main(page: Page) {
  return page.locator("main");
}

function section(page: Page, title: string) {
  return main(page).locator("section", {
    has: page.getByRole("heading", { level: 2, name: title, exact: true }),
  });
}

function searchOf(href: string | null) {
  const url = new URL(href ?? "", "http://localhost");
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
}

test("the sections appear in the spec's order", async ({ page }) => {
  await openPage(page, "/");
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(
    "Find your online programme",
  );
  const titles = await main(page).getByRole("heading", { level: 2 }).allTextContents();
  expect(titles).toEqual(SECTION_TITLES);
  // The hero (with the search form and quick links) comes before all of them.
  const hero = main(page).locator("section").first();
  await expect(hero.getByRole("search", { name: "Search programmes" })).toBeVisible();
});

test("the quick links and the programme-type cards lead to the programme pages", async ({
  page,
}) => {
  await openPage(page, "/");
  const quickLinks = page.getByRole("navigation", { name: "Programme types" });
  const expected: [string, string][] = [
    ["Undergraduates", "/coursefinder?programme=undergraduate"],
    ["Graduates", "/coursefinder?programme=postgraduate"],
    ["Executive Education", "/coursefinder?programme=Executive+Education"],
    ["Short Courses", "/coursefinder?programme=Short+Courses"],
    ["Certificate Courses", "/coursefinder?programme=Certificate+Courses"],
  ];
  for (const [name, href] of expected) {
    await expect(quickLinks.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }

  const strip = main(page).getByRole("list", { name: "Programme types" });
  const cards = strip.getByRole("link");
  await expect(cards).toHaveCount(5);
  const hrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs).toEqual([
    "/undergraduate",
    "/graduate",
    "/shortcourse",
    "/executive",
    "/certificate",
  ]);
});

test("each featured row links 'View all' to the finder for its programme", async ({ page }) => {
  await openPage(page, "/");
  const expected: [string, Record<string, string>][] = [
    ["Featured Undergraduate Programs", { programme: "undergraduate" }],
    ["Featured Graduate Programs", { programme: "postgraduate" }],
    ["Executive Education", { programme: "Executive Education" }],
    ["Short Courses", { programme: "Short Courses" }],
    ["Certificate Courses", { programme: "Certificate Courses" }],
    ["Free Courses", { tuition: "0,-1" }],
  ];
  for (const [title, params] of expected) {
    const row = section(page, title);
    const viewAll = row.getByRole("link", { name: `View all ${title}` });
    expect(searchOf(await viewAll.getAttribute("href"))).toEqual({ path: "/coursefinder", params });
    // About ten cards, each a link to a course page.
    const cards = row.getByRole("list", { name: title }).getByRole("article");
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(10);
  }
});

test("featured rows leave out schools in Asia and Africa", async ({ page, request }) => {
  await openPage(page, "/");
  const row = section(page, "Featured Graduate Programs");
  const slugs = await row
    .getByRole("article")
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((link) => link.getAttribute("href")?.replace("/course/", "")),
    );
  expect(slugs.length).toBeGreaterThan(0);
  for (const slug of slugs) {
    const response = await request.get(`/api/academics/course/detail/${slug ?? ""}`, {
      maxRetries: 2,
    });
    expect(response.ok()).toBe(true);
    const course = (await response.json()) as { school: { country: { continent: string } } };
    expect(["AS", "AF"]).not.toContain(course.school.country.continent);
  }
});

test("a course card opens /course/{slug}", async ({ page }) => {
  await openPage(page, "/");
  const card = section(page, "Featured Undergraduate Programs").getByRole("article").first();
  await expect(card.getByText("Tuition", { exact: true })).toBeVisible();
  await expect(card.getByText(/^(N\/A|FREE|[\d,.]+ [A-Z]{3}( \/ .+)?)$/)).toBeVisible();
  await expect(card.getByText(/^(Full-time|Part-time)$/)).toBeVisible();
  await expect(card.getByText(/^(Blended|Online|On Campus) Learning$/)).toBeVisible();
  const link = card.getByRole("heading", { level: 3 }).getByRole("link");
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/course\/[a-z0-9-]+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href ?? ""}$`));
});

test("carousel arrows show only when there is more in that direction", async ({ page }) => {
  await openPage(page, "/");
  const row = section(page, "Featured Undergraduate Programs");
  const list = row.getByRole("list", { name: "Featured Undergraduate Programs" });
  await expect(row.getByRole("button", { name: "Scroll right" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Scroll left" })).toHaveCount(0);

  // One press scrolls exactly the spec's 300 px (§9), in the featured rows and the country row.
  await row.getByRole("button", { name: "Scroll right" }).click();
  await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBe(300);
  await expect(row.getByRole("button", { name: "Scroll left" })).toBeVisible();
  const countries = section(page, "Browse by Country");
  const countryList = countries.getByRole("list", { name: "Browse by Country" });
  await countries.getByRole("button", { name: "Scroll right" }).click();
  await expect.poll(() => countryList.evaluate((element) => element.scrollLeft)).toBe(300);

  await list.evaluate((element) => (element.scrollLeft = element.scrollWidth));
  await expect(row.getByRole("button", { name: "Scroll right" })).toHaveCount(0);
});

test("a carousel scrolls by mouse drag without opening the card under the pointer", async ({
  page,
}) => {
  await openPage(page, "/");
  const row = section(page, "Browse by Country");
  const list = row.getByRole("list", { name: "Browse by Country" });
  await list.scrollIntoViewIfNeeded();
  const box = await list.boundingBox();
  if (!box) throw new Error("The country carousel has no box");
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 600, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 450, y, { steps: 5 });
  await page.mouse.move(box.x + 300, y, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => list.evaluate((element) => element.scrollLeft)).toBeGreaterThan(200);
  await expect(page).toHaveURL(/\/$/);
});

test("discipline tiles open the finder for their discipline", async ({ page }) => {
  await openPage(page, "/");
  const disciplines = section(page, "Browse By Discipline");
  await expect(disciplines.getByRole("listitem")).toHaveCount(12);
  const law = disciplines.getByRole("link", { name: /^Law\b/ });
  expect(searchOf(await law.getAttribute("href"))).toEqual({
    path: "/coursefinder",
    params: { country: "Where?", name: "", discipline: "law" },
  });
  await expect(disciplines.getByRole("link", { name: "View all disciplines" })).toHaveAttribute(
    "href",
    "/discipline/",
  );
});

test("the reviews carousel wraps in both directions", async ({ page }) => {
  await openPage(page, "/");
  const reviews = section(page, "Reviews across the Globe");
  const visibleAuthor = () =>
    reviews.locator("figure:visible figcaption span").first().textContent();

  const first = await visibleAuthor();
  await reviews.getByRole("button", { name: "Previous review" }).click();
  const last = await visibleAuthor();
  expect(last).not.toEqual(first);
  await expect(reviews.getByText("5 / 5")).toBeVisible();

  await reviews.getByRole("button", { name: "Next review" }).click();
  await expect(reviews.getByText("1 / 5")).toBeVisible();
  expect(await visibleAuthor()).toEqual(first);

  for (let step = 0; step < 5; step++) {
    await reviews.getByRole("button", { name: "Next review" }).click();
  }
  await expect(reviews.getByText("1 / 5")).toBeVisible();
  expect(await visibleAuthor()).toEqual(first);
});

test("the country ticker links the spec's 17 countries", async ({ page }) => {
  await openPage(page, "/");
  const ticker = section(page, "Courses By Countries");
  const links = ticker.getByRole("link");
  await expect(links).toHaveCount(17);
  await expect(ticker.getByRole("link", { name: "South Korea" })).toHaveAttribute(
    "href",
    "/coursefinder?country=south-korea",
  );
  const country = section(page, "Browse by Country").getByRole("link");
  await expect(country).toHaveCount(15);
  await expect(country.first()).toHaveAttribute("href", "/coursefinder?country=united-kingdom");
});

test("the country ticker moves, stops under the pointer, and stays still for reduced motion", async ({
  page,
}) => {
  // The ticker moves on animation frames; the page's clock is ours, so no test waits on time.
  await page.clock.install();
  await openPage(page, "/");
  const ticker = section(page, "Courses By Countries");
  const firstRow = ticker.getByRole("list").first();
  await firstRow.scrollIntoViewIfNeeded();
  const offset = () =>
    firstRow.evaluate((element) => new DOMMatrix(getComputedStyle(element).transform).m41);

  const start = await offset();
  await page.clock.runFor(1000);
  expect(await offset()).not.toBe(start);

  await firstRow.hover();
  await page.clock.runFor(100);
  const paused = await offset();
  await page.clock.runFor(1600);
  expect(await offset()).toBe(paused);

  await page.emulateMedia({ reducedMotion: "reduce" });
  await openPage(page, "/");
  await firstRow.scrollIntoViewIfNeeded();
  await page.clock.runFor(1600);
  expect(await offset()).toBe(0);
  // Each country once, all of them reachable without motion.
  await expect(ticker.getByRole("link", { name: "Australia" })).toBeVisible();
});

test("?login=true is removed from the address without a reload", async ({ page }) => {
  await openPage(page, "/?login=true");
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await expect(page).toHaveURL(/\/$/);
  expect(new URL(page.url()).search).toBe("");
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

for (const width of [1280, 375]) {
  test(`axe finds no serious or critical issue on the home page at ${width} px`, async ({
    page,
  }) => {
    // axe walks some 2,000 elements here; on a busy machine that takes well over the default 30 s.
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await openPage(page, "/");
    const { violations } = await new AxeBuilder({ page }).analyze();
    const severe = violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({
        rule: violation.id,
        targets: violation.nodes.map((node) => node.target.join(" ")),
      }));
    expect(severe).toEqual([]);
  });
}
