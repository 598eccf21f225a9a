// My currency and compare end to end (docs/decisions/052-my-currency-and-compare.md): the currency
// is guessed from the browser's language, picked in the header and server-rendered from then on;
// cards show the estimate and the total; three programmes go to the compare tray from cards and a
// programme page, /compare shows them in a table, "only differences" hides the rows that agree,
// and the shared address shows the same comparison in a new browser. axe at 1280 and 375 px.
import { expect, test, type Page } from "@playwright/test";

import { severeViolations } from "./support/axe.ts";
import { openPage } from "./support/navigation.ts";

const FINDER = "/coursefinder?ordering=name";

function cards(page: Page) {
  return page.getByRole("main").getByRole("article");
}

/**
 * The first `count` cards whose school's fee is a paid amount in a currency other than `code`
 * (per `base` when given: "year").
 */
async function paidCardIndexes(
  page: Page,
  code: string,
  count: number,
  base = "",
): Promise<number[]> {
  const texts = await cards(page).evaluateAll((articles) =>
    articles.map((article) => article.querySelector("dd")?.textContent ?? ""),
  );
  return texts
    .map((text, index) => ({ text, index }))
    .filter(
      ({ text }) =>
        /^[\d,.]+ [A-Z]{3} /.test(text) &&
        !text.includes(` ${code} `) &&
        text.includes(`/ ${base}`),
    )
    .slice(0, count)
    .map(({ index }) => index);
}

test("a Lagos browser sees naira; picking it in the header renders every card in it on the server", async ({
  browser,
}) => {
  const lagos = await browser.newContext({ locale: "en-NG" });
  const page = await lagos.newPage();
  await openPage(page, FINDER);
  const picker = page.getByRole("banner").getByLabel("Show prices in");
  // First guess from the browser's language.
  await expect(picker).toHaveValue("NGN");
  await lagos.close();

  const context = await browser.newContext({ locale: "en-US" });
  const visitor = await context.newPage();
  await openPage(visitor, FINDER);
  const headerPicker = visitor.getByRole("banner").getByLabel("Show prices in");
  await expect(headerPicker).toHaveValue("USD");
  await headerPicker.selectOption("NGN");
  await expect(headerPicker).toHaveValue("NGN");

  // Cards: the school's fee, "about ₦… / year" beside it, and the total with how it was computed.
  const [first] = await paidCardIndexes(visitor, "NGN", 1, "year");
  expect(first).toBeDefined();
  const card = cards(visitor).nth(first ?? 0);
  await expect(card.locator("dd").first()).toContainText(/ \/ year\s*about ₦[\d.,]+[KMB]? \/ year/);
  await expect(card.getByText("Total cost")).toBeVisible();
  await expect(card.locator("dd").nth(1)).toContainText(/^about ₦.+ × .+ = [\d,.]+ [A-Z]{3}$/);

  // Server-rendered in naira from now on: the page's own HTML, before any script.
  const html = await (await visitor.request.get(FINDER)).text();
  expect(html).toContain("about ₦");
  expect(html).toMatch(/<option value="NGN"[^>]* selected=""/);
  await visitor.screenshot({ path: "/tmp/cost-ui-cards-1280.png" });
  await context.close();
});

test("compare three programmes from cards and a programme page, only differences, share the address", async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await openPage(page, FINDER);
  const indexes = await paidCardIndexes(page, "USD", 5);
  expect(indexes.length).toBe(5);
  const [a, b, c, d, e] = indexes as [number, number, number, number, number];

  // Two from cards.
  for (const index of [a, b]) {
    const toggle = cards(page)
      .nth(index)
      .getByRole("button", { name: /^Compare / });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
  }
  const tray = page.getByRole("complementary", { name: "Compare tray" });
  await expect(tray).toContainText("2 of 4 to compare");

  // The third from its programme page; the tray follows across pages.
  const third = cards(page).nth(c).getByRole("heading", { level: 3 }).getByRole("link");
  await third.click();
  await expect(page.getByRole("heading", { name: "Key facts" })).toBeVisible();
  await expect(tray).toContainText("2 of 4 to compare");
  const pageToggle = page
    .getByRole("complementary", { name: "Key facts" })
    .getByRole("button", { name: /^Compare / });
  await pageToggle.click();
  await expect(pageToggle).toHaveAttribute("aria-pressed", "true");
  await expect(tray).toContainText("3 of 4 to compare");

  // A fourth, then a fifth is refused with the reason.
  await page.goBack();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await cards(page)
    .nth(d)
    .getByRole("button", { name: /^Compare / })
    .click();
  await expect(tray).toContainText("4 of 4 to compare");
  await cards(page)
    .nth(e)
    .getByRole("button", { name: /^Compare / })
    .click();
  await expect(page.getByText(/You can compare up to 4 programmes/)).toBeVisible();
  await expect(
    cards(page)
      .nth(e)
      .getByRole("button", { name: /^Compare / }),
  ).toHaveAttribute("aria-pressed", "false");
  // Back to three: remove the fourth in the tray.
  await tray
    .getByRole("button", { name: /^Remove .* from compare$/ })
    .last()
    .click();
  await expect(tray).toContainText("3 of 4 to compare");

  await tray.getByRole("link", { name: "Compare 3 programmes" }).click();
  await expect(page).toHaveURL(/\/compare\?ids=\d+,\d+,\d+$/);
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveCount(3);
  await expect(table.getByRole("rowheader", { name: /^Total cost \(USD\)/ })).toBeVisible();
  await expect(table.getByRole("button", { name: /^Apply to / })).toHaveCount(3);
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  const allRows = await table.getByRole("rowheader").count();

  // Only differences: the rows that agree go, every row left is marked.
  await page.getByLabel("Show only differences").check();
  await expect(page).toHaveURL(/only=differences/);
  const rowHeaders = table.getByRole("rowheader");
  const differing = await table.locator("tbody tr[data-differs]").count();
  await expect(rowHeaders).toHaveCount(differing + 1); // and the Apply row
  expect(differing).toBeLessThan(allRows);
  expect(await severeViolations(page)).toEqual([]);
  await page.screenshot({ path: "/tmp/cost-ui-compare-1280.png", fullPage: true });

  // The address is the comparison: a new browser, signed out, with no tray, sees the same.
  const shared = page.url();
  const names = await table.getByRole("columnheader").locator("a").first().innerText();
  const other = await browser.newContext({ locale: "en-US" });
  const second = await other.newPage();
  await openPage(second, shared);
  await expect(second.getByRole("table").getByRole("columnheader")).toHaveCount(3);
  await expect(second.getByRole("table").getByRole("columnheader").first()).toContainText(names);
  await expect(second.getByLabel("Show only differences")).toBeChecked();
  await expect(second.getByRole("complementary", { name: "Compare tray" })).toHaveCount(0);
  await other.close();
  await context.close();
});

test("at 375 px the programmes scroll sideways under fixed row labels; axe is clean", async ({
  browser,
}) => {
  const context = await browser.newContext({
    locale: "en-NG",
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  await openPage(page, FINDER);
  await page.screenshot({ path: "/tmp/cost-ui-cards-375.png" });
  expect(await severeViolations(page)).toEqual([]);
  const indexes = await paidCardIndexes(page, "NGN", 3);
  for (const index of indexes) {
    await cards(page)
      .nth(index)
      .getByRole("button", { name: /^Compare / })
      .click();
  }
  const tray = page.getByRole("complementary", { name: "Compare tray" });
  await expect(tray).toContainText("3 of 4 to compare");
  await tray.getByRole("link", { name: "Compare 3 programmes" }).click();
  await expect(page.getByRole("table").getByRole("columnheader")).toHaveCount(3);

  // The page itself does not scroll sideways; the table's region does, by keyboard too.
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(375);
  const region = page.getByRole("region", { name: /programmes side by side/ });
  const label = page.getByRole("rowheader", { name: /^Duration/ });
  const before = await label.boundingBox();
  await region.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  const after = await label.boundingBox();
  expect(Math.round(after?.x ?? -1)).toBe(Math.round(before?.x ?? -2));
  await page.screenshot({ path: "/tmp/cost-ui-compare-375.png", fullPage: true });
  expect(await severeViolations(page)).toEqual([]);
  await context.close();
});
