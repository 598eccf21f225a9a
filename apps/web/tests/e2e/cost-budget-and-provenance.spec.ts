// The budget and where figures come from, end to end (docs/decisions/051-total-cost-and-rates.md):
// a student in naira sets "Total cost up to" in the finder, sees the count fall and the address
// keep the budget (a new page at that address shows the same); the rates' day is said beside the
// filter and on the programme page; the programme page says where its fee and dates come from:
// "from the catalogue import", then "updated by the school on …" once the school changes its fee in
// the partner dashboard. Screenshots and axe at 1280 and 375 px.
import { expect, test, type Page } from "@playwright/test";

import { severeViolations } from "./support/axe.ts";
import { openPage } from "./support/navigation.ts";
import { countHeading, resultCount } from "./finder-support.ts";

const PARTNER = { email: "partner@studyatlas.test", password: "Demo1234!" };
/** The rates' day as pages say it ("27 Nov 2026"). */
const RATES_DAY = /at the rates of \d{1,2} [A-Z][a-z]{2} \d{4}/;

function budgetForm(page: Page) {
  return page.getByRole("form", { name: "Total cost up to" });
}

/** Sets the budget by typing it and APPLY; answers the count once the address holds it. */
async function applyBudget(page: Page, amount: number): Promise<number> {
  const form = budgetForm(page);
  const before = await countHeading(page).innerText();
  await form.getByLabel("Budget (NGN)").fill(String(amount));
  await form.getByRole("button", { name: "APPLY" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]max_total=${amount}(&|$)`));
  await expect(page).toHaveURL(/[?&]currency=NGN(&|$)/);
  await expect(countHeading(page)).not.toHaveText(before);
  return resultCount(page);
}

test("a budget in naira narrows the finder, the address keeps it and the rates' day is said", async ({
  browser,
}) => {
  // Two finder pages and an axe scan of one: slow on the shared machines.
  test.setTimeout(180_000);
  const context = await browser.newContext({ locale: "en-NG" });
  const page = await context.newPage();
  await openPage(page, "/coursefinder");
  const all = await resultCount(page);
  const form = budgetForm(page);
  // In the student's currency, guessed from the browser's language (ADR 052).
  await expect(form.getByLabel("Total cost up to (NGN)")).toBeVisible();
  await expect(form.getByText(/^Totals in NGN at the rates of/)).toHaveText(RATES_DAY);

  const wide = await applyBudget(page, 60_000_000);
  expect(wide).toBeLessThan(all);
  const narrow = await applyBudget(page, 5_000_000);
  expect(narrow).toBeLessThan(wide);
  expect(narrow).toBeGreaterThan(0);
  // The bands count each round budget with the other filters: one of them is what is shown.
  await expect(form.getByRole("list", { name: "Programmes per budget" })).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/finder-budget-1280.png" });
  expect(await severeViolations(page)).toEqual([]);

  // The address is the search: a new page at it shows the same count and the typed budget.
  const address = page.url();
  const again = await context.newPage();
  await openPage(again, address.replace(/^https?:\/\/[^/]+/, ""));
  expect(await resultCount(again)).toBe(narrow);
  await expect(budgetForm(again).getByLabel("Budget (NGN)")).toHaveValue("5000000");
  await context.close();
});

test("at 375 px the budget is in the Filters overlay and applies from there; axe is clean", async ({
  browser,
}) => {
  const context = await browser.newContext({
    locale: "en-NG",
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  await openPage(page, "/coursefinder");
  const all = await resultCount(page);
  await page.getByRole("button", { name: /^Filter/ }).click();
  const dialog = page.getByRole("dialog", { name: "Filters" });
  await expect(dialog).toBeVisible();
  const form = dialog.getByRole("form", { name: "Total cost up to" });
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByText(/^Totals in NGN/)).toHaveText(RATES_DAY);
  await form.getByLabel("Budget (NGN)").fill("10000000");
  await form.getByRole("button", { name: "APPLY" }).click();
  await expect(page).toHaveURL(/max_total=10000000/);
  await expect(dialog.getByRole("button", { name: /^Show [\d,]+ results?$/ })).toBeVisible();
  await page.screenshot({ path: "/tmp/finder-budget-375.png" });
  expect(await severeViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(await resultCount(page)).toBeLessThan(all);
  await context.close();
});

async function signInPartner(page: Page) {
  await page.goto("/dashboard/partner/login");
  await page.getByLabel("Email").fill(PARTNER.email);
  await page.getByLabel("Password", { exact: true }).fill(PARTNER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard/partner");
}

/** The provenance note's answer for one figure ("Fee", "Dates"). */
function origin(page: Page, figure: string) {
  return page
    .getByLabel("Where these figures come from")
    .locator("div")
    .filter({ has: page.getByText(figure, { exact: true }) })
    .locator("dd");
}

test("the programme page says where its fee comes from, and the school's change shows", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The school's side: one of its published programmes, its fee changed in the dashboard.
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await signInPartner(partner);
  await partner.goto("/dashboard/partner/programmes?status=published");
  // The last of the list: the other specs that edit a programme take the first.
  await partner.getByRole("table").getByRole("link").last().click();
  await partner.waitForURL(/\/dashboard\/partner\/programmes\/\d+$/);
  const href = await partner
    .getByRole("link", { name: /View the public page/ })
    .getAttribute("href");
  expect(href).toMatch(/^\/course\/[a-z0-9-]+$/);

  // A student reading naira, before the change: the catalogue import, and the rates' day.
  const context = await browser.newContext({ locale: "en-NG" });
  const page = await context.newPage();
  await openPage(page, href ?? "/");
  await expect(origin(page, "Fee")).toHaveText("from the catalogue import");
  await expect(origin(page, "Dates")).toHaveText("from the catalogue import");

  await partner.getByRole("radio", { name: "A fee" }).check();
  await partner.getByLabel("Amount").fill("12345");
  await partner.getByRole("button", { name: "Save changes" }).click();
  await expect(partner.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await partnerContext.close();

  const today = new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date());
  await openPage(page, href ?? "/");
  await expect(origin(page, "Fee")).toHaveText(`updated by the school on ${today}`);
  // The key facts show the fee with its estimate in naira, and say the rates' day visibly.
  const facts = page.getByRole("complementary", { name: "Key facts" });
  await expect(facts).toContainText("12,345");
  await expect(facts.getByText(/^Estimates in Nigerian Naira/)).toHaveText(RATES_DAY);
  await facts.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/programme-facts-1280.png" });
  await origin(page, "Fee").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/programme-provenance-1280.png" });
  expect(await severeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await facts.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/programme-facts-375.png" });
  await origin(page, "Fee").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/programme-provenance-375.png" });
  expect(await severeViolations(page)).toEqual([]);
  await context.close();
});
