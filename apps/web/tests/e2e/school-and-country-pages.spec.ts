// School page, country list and country page (docs/spec/accounts-and-details.md §2 School detail,
// Countries): school counts equal the finder's, countries sort both ways, the country Schools tab
// paginates 20 per page, Copy Link confirms, and axe.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

import { resultCount } from "./finder-support.ts";
import { startExtraServer } from "./support/extra-server.ts";
import { openPage } from "./support/navigation.ts";

async function severeAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

interface SchoolRow {
  slug: string;
  name: string;
  courses_total: number;
}

async function biggestSchool(page: Page): Promise<SchoolRow> {
  const list = (await (
    await page.request.get("/api/academics/school/list?ordering=-courses&page_size=1", {
      maxRetries: 2,
    })
  ).json()) as { results: SchoolRow[] };
  const school = list.results[0];
  if (!school) throw new Error("No school in the test catalogue");
  return school;
}

function countOf(page: Page, key: string) {
  return page.locator(`[data-count="${key}"] dd`);
}

test("a school page's counts equal the finder's count for that school", async ({ page }) => {
  const school = await biggestSchool(page);
  const response = await openPage(page, `/school/${school.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(school.name);
  const total = Number((await countOf(page, "total").innerText()).replace(/,/g, ""));
  expect(total).toBe(school.courses_total);
  const parts = await Promise.all(
    ["undergraduate", "postgraduate", "short", "executive", "certificate"].map(async (key) =>
      Number((await countOf(page, key).innerText()).replace(/,/g, "")),
    ),
  );
  expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
  await expect(page.getByText("4.4 (53 Reviews)")).toHaveCount(0);
  const programmeCards = page
    .getByRole("region", { name: `Programmes at ${school.name}` })
    .getByRole("article");
  await expect(programmeCards).toHaveCount(Math.min(total, 20));

  await page.getByRole("link", { name: "View School Courses" }).click();
  await expect(page).toHaveURL(/\/coursefinder\?name=&country=Where%3F&school_slug=/);
  await expect.poll(() => resultCount(page)).toBe(total);

  // The undergraduate count is the finder's too.
  await openPage(page, `/coursefinder?school_slug=${school.slug}&programme=undergraduate`);
  expect(await resultCount(page).catch(() => 0)).toBe(parts[0]);
});

test("an unknown school is the not-found page with status 404", async ({ page }) => {
  const response = await openPage(page, "/school/no-such-school");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Oops!" })).toBeVisible();
});

test("countries sort by name and by number of programmes", async ({ page }) => {
  await openPage(page, "/countries");
  await expect(page.getByRole("heading", { level: 1, name: "Countries" })).toBeVisible();
  const list = page.getByTestId("country-list");
  const names = await list.locator("li a > span:first-of-type").allInnerTexts();
  expect(names.length).toBeGreaterThan(10);
  await expect(page.getByText(new RegExp(`^${names.length} countries$`))).toBeVisible();
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));

  await page.getByLabel("Sort by").selectOption("programmes");
  await expect(page).toHaveURL(/\/countries\?sort=programmes$/);
  const programmeCounts = () =>
    list
      .locator("[data-programmes]")
      .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute("data-programmes"))));
  await expect
    .poll(async () => {
      const counts = await programmeCounts();
      return counts.join() === [...counts].sort((a, b) => b - a).join();
    })
    .toBe(true);
  const counts = await programmeCounts();
  expect(counts[0]).toBeGreaterThan(counts.at(-1) ?? 0);

  await page.getByLabel("Sort by").selectOption("name");
  await expect(page).toHaveURL(/\/countries$/);
  // The address changes a moment before the list re-renders.
  await expect.poll(() => list.locator("li a > span:first-of-type").allInnerTexts()).toEqual(names);

  // Each country links to /countries/{name}?id=&slug= and shows its flag.
  const first = list.getByRole("link").first();
  await expect(first).toHaveAttribute("href", /^\/countries\/[^?]+\?id=\d+&slug=[a-z-]+$/);
  const flag = first.locator("img");
  await expect(flag).toHaveAttribute("src", /^\/media\/flags\/[a-z]{2}\.svg$/);
  await expect
    .poll(() => flag.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
});

test("a country page: breadcrumb, tabs, side card and Copy Link", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const response = await openPage(page, "/countries/United%20Kingdom?id=6&slug=united-kingdom");
  expect(response?.status()).toBe(200);
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb).toContainText("Home");
  await expect(breadcrumb).toContainText("Countries");
  await expect(breadcrumb).toContainText("United Kingdom");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("United Kingdom");
  await expect(page.getByText("Europe").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "About", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // Population with a space as thousands separator.
  const card = page.getByRole("complementary");
  await expect(card.locator("dd").nth(1)).toHaveText(/^\d{1,3}( \d{3})+$/);
  await expect(card.getByRole("link", { name: "Explore schools" })).toHaveAttribute(
    "href",
    "/search?country=united-kingdom",
  );

  await page.getByRole("link", { name: "Living Cost" }).click();
  await expect(page.getByRole("heading", { name: "Living Cost in United Kingdom" })).toBeVisible();

  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share this page" });
  await expect(dialog).toBeVisible();
  for (const name of ["Facebook", "Twitter", "WhatsApp", "Telegram", "Copy Link"]) {
    await expect(dialog.getByRole("button", { name })).toBeVisible();
  }
  await dialog.getByRole("button", { name: "Copy Link" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Link copied to clipboard!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  // The share pages are not reachable from the test machine: answer them locally.
  await context.route("https://t.me/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Telegram</title>" }),
  );
  const popup = page.waitForEvent("popup");
  await dialog.getByRole("button", { name: "Telegram" }).click();
  const shareWindow = await popup;
  expect(shareWindow.url()).toContain("t.me/share/url");
  await shareWindow.close();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // An unknown country is a 404; the slug or the name alone still finds a country.
  expect((await openPage(page, "/countries/Atlantis?id=99999&slug=atlantis"))?.status()).toBe(404);
  expect((await openPage(page, "/countries/Kenya"))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kenya");
});

test.describe("with a catalogue big enough to page schools", () => {
  let server: Awaited<ReturnType<typeof startExtraServer>> | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const port = Number(process.env.E2E_PORT ?? 3210) + 50;
    server = await startExtraServer({ port, schools: 420, courses: 1500 });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the country Schools tab sorts and paginates 20 per page", async ({ page }) => {
    const base = server?.baseURL ?? "";
    const countries = (await (
      await page.request.get(`${base}/api/academics/country/list?page_size=1000`, { maxRetries: 2 })
    ).json()) as { results: { id: number; name: string; slug: string; schools_count: number }[] };
    const country = [...countries.results].sort((a, b) => b.schools_count - a.schools_count)[0];
    if (!country) throw new Error("No country");
    expect(country.schools_count).toBeGreaterThan(20);

    await openPage(
      page,
      `${base}/countries/${encodeURIComponent(country.name)}?id=${country.id}&slug=${country.slug}`,
    );
    await page.getByRole("link", { name: "Schools", exact: true }).click();
    await expect(page.getByRole("heading", { name: `Schools in ${country.name}` })).toContainText(
      `(${country.schools_count})`,
    );
    const cards = page.getByTestId("school-cards").getByRole("listitem");
    await expect(cards).toHaveCount(20);
    const firstPage = await cards.allInnerTexts();
    await expect(cards.first()).toContainText("Undergraduate");
    await expect(cards.first()).toContainText("Masters");
    await expect(cards.first()).toContainText("Doctorates");

    const pages = page.getByRole("navigation", { name: "Pages of schools" });
    await pages.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/tab=schools&page=2|page=2/);
    await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const secondPage = await cards.allInnerTexts();
    expect(secondPage.length).toBe(Math.min(20, country.schools_count - 20));
    expect(secondPage.some((text) => firstPage.includes(text))).toBe(false);

    // Sorting by most programmes restarts at page 1, biggest first.
    await page.getByLabel("Sort by").selectOption("-courses");
    await expect(page).toHaveURL(/sort=-courses/);
    await expect(page).not.toHaveURL(/page=2/);
    const expected = (await (
      await page.request.get(
        `${base}/api/academics/school/list?country=${country.slug}&ordering=-courses`,
        { maxRetries: 2 },
      )
    ).json()) as { results: { name: string }[] };
    await expect(page.getByTestId("school-cards").locator("li a > span")).toHaveText(
      expected.results.map((school) => school.name),
    );

    await cards.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/school\/[a-z0-9-]+$/);
  });
});

for (const width of [1280, 375]) {
  test(`school, countries and country pages at ${width} px have no serious or critical axe violations`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const school = await biggestSchool(page);
    for (const path of [
      `/school/${school.slug}`,
      "/countries",
      "/countries/United%20Kingdom?id=6&slug=united-kingdom",
      "/countries/United%20Kingdom?id=6&slug=united-kingdom&tab=schools",
      "/countries/United%20Kingdom?id=6&slug=united-kingdom&tab=costs",
    ]) {
      await openPage(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await severeAxeViolations(page), path).toEqual([]);
    }
  });
}
