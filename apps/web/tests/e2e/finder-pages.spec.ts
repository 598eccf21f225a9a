// Course finder pages (docs/spec/discovery.md §2 "Course finder page"): server-rendered routes and
// headings, friendly answers to bad addresses, the empty state, the loading spinner, cards that
// open /course/{slug}, the small-screen filter overlay and axe.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

import { openPage } from "./support/navigation.ts";
import { countHeading, expectResultCount, facetCount, resultCount } from "./finder-support.ts";

async function severeAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}

test("every finder route is server-rendered with its heading and title", async ({ request }) => {
  const pages = [
    ["/coursefinder", "Explore Courses"],
    ["/search?name=data-science", "Data Science Courses"],
    ["/test", "Explore Courses"],
    ["/undergraduate", "Undergraduate Courses"],
    ["/graduate/computer-science", "Graduate Courses"],
    ["/shortcourse", "Short Courses"],
    ["/executive", "Executive Education Courses"],
    ["/certificate", "Certificate Courses"],
    ["/courses/law", "Explore Courses"],
  ] as const;
  for (const [path, heading] of pages) {
    const response = await request.get(path, { maxRetries: 2 });
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain(`>${heading}</h1>`);
    expect(html, path).toMatch(/<title>[^<]*: [\d,]+ programmes? — StudyAtlas<\/title>/);
    expect(html, path).toMatch(/href="\/course\/[a-z0-9-]+"/);
  }
  const law = await (await request.get("/graduate/computer-science", { maxRetries: 2 })).text();
  expect(law).toContain("<title>Graduate Courses in Computer Science:");
});

test("an unknown discipline or a bad query explains itself with a Reset link", async ({ page }) => {
  const missing = await openPage(page, "/graduate/no-such-discipline");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("alert")).toContainText("Unknown discipline 'no-such-discipline'");
  await page.getByRole("link", { name: "Reset filters" }).click();
  await expect(page).toHaveURL(/\/graduate$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Graduate Courses");

  const bad = await openPage(page, "/coursefinder?tuition=lots&country=atlantis");
  expect(bad?.status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("tuition");
  await expect(page.getByRole("link", { name: "Reset filters" })).toHaveAttribute(
    "href",
    "/coursefinder",
  );
});

test("nothing found shows the spec's message and other programmes", async ({ page }) => {
  await openPage(page, "/coursefinder?name=qqqxxzzyy");
  await expectResultCount(page, 0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Qqqxxzzyy Courses");
  await expect(
    page.getByText(
      "No results. But we've got a lot more! Modify your filters or make a fresh start.",
    ),
  ).toBeVisible();
  const others = page.getByRole("region", { name: "Other interesting programmes for you" });
  await expect(others.getByRole("heading", { level: 2 })).toBeVisible();
  await expect(others.getByRole("article")).toHaveCount(6);
});

test("a spinner shows while new results load", async ({ page }) => {
  await openPage(page, "/coursefinder");
  // Hold the data request back until the pending state has been seen.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*.data*", async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole("link", { name: "Page 2", exact: true }).click();
  await expect(page.getByRole("main").getByRole("status", { name: "Results" })).toHaveText(
    "Loading results…",
  );
  release();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("main").getByRole("status", { name: "Results" })).toHaveText("");
});

test("a card opens /course/{slug}", async ({ page }) => {
  await openPage(page, "/coursefinder");
  const link = page.getByRole("main").getByRole("article").first().getByRole("link").first();
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/course\/[a-z0-9-]+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href ?? ""}$`));
});

test("every card's divider and Tuition row sit at the same height, whatever wraps", async ({
  page,
}) => {
  await openPage(page, "/coursefinder");
  const cards = page.getByRole("main").locator("article");
  await expect(cards.first()).toBeVisible();
  const offsets = await cards.evaluateAll((articles) =>
    articles.map((article) => {
      const top = article.getBoundingClientRect().top;
      const facts = article.querySelector("dl")?.getBoundingClientRect().top ?? Number.NaN;
      return Math.round(facts - top);
    }),
  );
  expect(offsets.length).toBeGreaterThan(5);
  // School and programme names wrap differently from card to card; the divider is the same
  // distance from every card's top.
  expect(new Set(offsets)).toEqual(new Set([offsets[0]]));
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the page numbers fit on one line and the Filter bar leaves the footer readable", async ({
    page,
  }) => {
    await openPage(page, "/coursefinder?page=15");
    const pages = page.getByRole("navigation", { name: "Pages of results" });
    const links = pages.getByRole("link", { name: /^Page \d+$/ });
    await expect(links).toHaveText(["1", "14", "15", "16", "30"]);
    const tops = await links.evaluateAll((elements) =>
      elements.map((element) => Math.round(element.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);

    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const copyright = page.getByRole("contentinfo").getByText(/All rights reserved/);
    const bar = page.getByRole("button", { name: /^Filter/ });
    await expect
      .poll(async () => {
        const [text, button] = await Promise.all([copyright.boundingBox(), bar.boundingBox()]);
        return text && button ? text.y + text.height <= button.y : false;
      })
      .toBe(true);
  });

  test("the Filter bar opens a modal overlay with a live 'Show N results'", async ({ page }) => {
    await openPage(page, "/coursefinder");
    const total = await resultCount(page);
    await expect(page.getByRole("complementary", { name: "Filters" })).toBeHidden();
    await page.getByRole("button", { name: /^Filter/ }).click();
    const dialog = page.getByRole("dialog", { name: "Filters" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(dialog.getByRole("button", { name: "Done" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Reset" })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).overflow))
      .toBe("hidden");
    await expect(
      dialog.getByRole("button", { name: `Show ${total.toLocaleString("en-US")} results` }),
    ).toBeVisible();

    // A change applies at once and the button shows the new count.
    const online = dialog
      .locator("label")
      .filter({ has: page.getByRole("checkbox", { name: /^Online Learning/ }) });
    const expected = (await facetCount(online)).toLocaleString("en-US");
    await online.getByRole("checkbox").click();
    await expect(page).toHaveURL(/attendance=ONLINE/);
    await expect(dialog.getByRole("button", { name: `Show ${expected} results` })).toBeVisible();

    // Duration is a sub-panel with a back button.
    await dialog.getByRole("button", { name: /^Duration/ }).click();
    await expect(dialog.getByRole("heading", { name: "Duration" })).toBeFocused();
    await dialog.getByRole("checkbox", { name: /^1 - 2 years/ }).click();
    await expect(page).toHaveURL(/duration=365%2C728/);
    await dialog.getByRole("button", { name: "Back to all filters" }).click();

    // A discipline changes the route and the overlay stays open.
    await dialog.getByRole("button", { name: /^Disciplines/ }).click();
    await dialog.getByRole("link", { name: /^Law / }).click();
    await expect(page).toHaveURL(/\/courses\/law\?/);
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();
    // The page scrolls again once the overlay's effect is cleaned up (after it is hidden).
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).overflow))
      .not.toBe("hidden");
    await expect(countHeading(page)).toBeVisible();
  });

  test("the finder and its overlay have no serious or critical axe violations", async ({
    page,
  }) => {
    // axe over a page of 20 cards and the full filter panel takes a while on a 2-core machine.
    test.slow();
    await openPage(page, "/coursefinder?attendance=ONLINE");
    expect(await severeAxeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: /^Filter/ }).click();
    await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
    expect(await severeAxeViolations(page)).toEqual([]);
  });
});

test("the finder has no serious or critical axe violations at 1280 px", async ({ page }) => {
  test.slow();
  await openPage(page, "/graduate/computer-science?attendance=ONLINE&duration=365%2C728");
  expect(await severeAxeViolations(page)).toEqual([]);
  await openPage(page, "/coursefinder?name=qqqxxzzyy");
  expect(await severeAxeViolations(page)).toEqual([]);
});

test("a misspelled search says which words it searched for", async ({ page }) => {
  await openPage(page, "/coursefinder?name=compter+science");
  await expect(page.getByText("Showing results for")).toContainText("computer science");
  await openPage(page, "/coursefinder?name=computer+science");
  await expect(page.getByText("Showing results for")).toHaveCount(0);
});
