// Header and hero search: free text plus a country go straight into the finder's query
// (docs/spec/discovery.md §2 Header, Home page; §5 "Header and hero search: none" for validation).
import { expect, type Page, test } from "@playwright/test";

import { openPage } from "./support/navigation.ts";

const PLACEHOLDER = "What do you want to study?";

async function pickCountry(page: Page, scope: ReturnType<Page["locator"]>, name: string) {
  await scope.getByRole("button", { name: "Country: Where?" }).click();
  await page.getByRole("combobox", { name: "Search countries" }).fill(name.slice(0, 6));
  await page.getByRole("option", { name, exact: true }).click();
  await expect(scope.getByRole("button", { name: `Country: ${name}` })).toBeVisible();
}

function finderQuery(page: Page) {
  const url = new URL(page.url());
  return {
    path: url.pathname,
    name: url.searchParams.get("name"),
    country: url.searchParams.get("country"),
  };
}

test("the home page is server-rendered with the search box", async ({ request }) => {
  const response = await request.get("/", { maxRetries: 2 });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(PLACEHOLDER);
  expect(html).toContain("Where?");
  expect(html).toContain(
    "<title>StudyAtlas — Find online programmes from schools worldwide</title>",
  );
  // One real row of featured programmes, rendered on the server.
  expect(html).toMatch(/href="\/course\/[a-z0-9-]+"/);
});

test("the hero search goes to /coursefinder?name=...&country={slug}", async ({ page }) => {
  await openPage(page, "/");
  const hero = page.getByRole("search", { name: "Search programmes" });
  await hero.getByPlaceholder(PLACEHOLDER).fill("data science");
  await pickCountry(page, hero, "United Kingdom");
  await hero.getByRole("button", { name: "Search" }).click();

  await expect(page).toHaveURL(/\/coursefinder\?/);
  expect(finderQuery(page)).toEqual({
    path: "/coursefinder",
    name: "data science",
    country: "united-kingdom",
  });
});

test("without a country the search sends the placeholder 'Where?'", async ({ page }) => {
  await openPage(page, "/");
  const hero = page.getByRole("search", { name: "Search programmes" });
  await hero.getByPlaceholder(PLACEHOLDER).fill("law");
  await hero.getByPlaceholder(PLACEHOLDER).press("Enter");

  await expect(page).toHaveURL(/\/coursefinder\?/);
  expect(finderQuery(page)).toEqual({ path: "/coursefinder", name: "law", country: "Where?" });
});

test("on other pages the header search shows from 400 px of scroll and builds the URL", async ({
  page,
}) => {
  // A short window, so that the not-found page can scroll past 400 px.
  await page.setViewportSize({ width: 1280, height: 360 });
  await openPage(page, "/no-such-page");
  const header = page.getByRole("banner");
  await expect(header.getByPlaceholder(PLACEHOLDER)).toHaveCount(0);

  await page.evaluate(() => window.scrollTo(0, 450));
  const search = header.getByRole("search", { name: "Search programmes" });
  await expect(search).toBeVisible();

  await search.getByPlaceholder(PLACEHOLDER).fill("Marketing");
  await pickCountry(page, search, "Canada");
  await search.getByRole("button", { name: "Search" }).click();

  await expect(page).toHaveURL(/\/coursefinder\?/);
  expect(finderQuery(page)).toEqual({
    path: "/coursefinder",
    name: "Marketing",
    country: "canada",
  });
});

test("the header search stays while it has the focus, even back above 400 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 360 });
  await openPage(page, "/no-such-page");
  const header = page.getByRole("banner");
  await page.evaluate(() => window.scrollTo(0, 450));
  const box = header
    .getByRole("search", { name: "Search programmes" })
    .getByPlaceholder(PLACEHOLDER);
  await box.click();
  await box.fill("Data");
  await page.evaluate(() => window.scrollTo(0, 100));
  await expect(box).toBeVisible();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue("Data");
  // The suggestions for the typed word open over the page; Escape closes them and keeps the focus
  // in the box, so that the click below reaches the page whenever the suggestions arrive.
  await expect(header.getByRole("option").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(box).toBeFocused();
  // Once the focus leaves it, the box follows the scroll position again.
  await page.getByRole("main").getByRole("heading", { level: 1 }).click();
  await expect(header.getByPlaceholder(PLACEHOLDER)).toHaveCount(0);
});

test("the country dropdown works from the keyboard", async ({ page }) => {
  await openPage(page, "/");
  const hero = page.getByRole("search", { name: "Search programmes" });
  await hero.getByRole("button", { name: "Country: Where?" }).focus();
  await page.keyboard.press("Enter");
  const countrySearch = page.getByRole("combobox", { name: "Search countries" });
  await expect(countrySearch).toBeFocused();

  await countrySearch.fill("germ");
  await page.keyboard.press("Enter");
  await expect(hero.getByRole("button", { name: "Country: Germany" })).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(countrySearch).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(countrySearch).toHaveCount(0);
  await expect(hero.getByRole("button", { name: "Country: Germany" })).toBeFocused();
});
