// Eligibility end to end (docs/decisions/054-entry-requirements-and-eligibility.md): a student
// records IELTS 6.0 in /settings; the finder's cards then say "You may not meet: IELTS 6.5
// required (you have 6.0)" or "You meet the entry requirements" (after the page, never in its
// HTML); "Only programmes I qualify for" keeps the programmes they meet; the programme page shows
// the note and the apply dialog warns before applying. A signed-out visitor's page carries no
// note. axe at 1280 and 375 px, screenshots looked at.
import { expect, test, type Page } from "@playwright/test";

import { registerUser, signInThroughApi } from "./support/accounts.ts";
import { severeViolations } from "./support/axe.ts";
import { openPage } from "./support/navigation.ts";

const GAP = "You may not meet: IELTS 6.5 required (you have 6.0)";
const MEETS = "You meet the entry requirements";

function cards(page: Page) {
  return page.getByRole("main").getByRole("article");
}

/** A finder page (name order) with a card that names the IELTS gap. */
async function finderPageWithGap(page: Page): Promise<string> {
  for (let number = 1; number <= 5; number += 1) {
    const path = `/coursefinder?ordering=name${number > 1 ? `&page=${number}` : ""}`;
    await openPage(page, path);
    await expect(cards(page).first()).toBeVisible();
    // The notes arrive after hydration: wait until at least one card has its answer.
    await expect(page.locator("[data-eligibility]").first()).toBeVisible();
    if ((await page.getByText(GAP).count()) > 0) return path;
  }
  throw new Error("no programme asking for IELTS 6.5 on the first five pages");
}

test("record IELTS 6.0, see the eligibility notes, filter to the programmes I qualify for", async ({
  page,
}) => {
  // Three screens, each scanned by axe: longer than one screen's budget on a loaded machine.
  test.setTimeout(300_000);
  const email = await registerUser({ firstName: "Imani", lastName: "Okoye" });
  await signInThroughApi(page, email);

  // My qualifications in /settings.
  await openPage(page, "/settings");
  const section = page.getByRole("region", { name: "My qualifications" });
  await expect(section).toBeVisible();
  await section.getByLabel("IELTS", { exact: true }).fill("6.3");
  await section.getByRole("button", { name: "Save qualifications" }).click();
  await expect(
    section.getByText("IELTS scores run from 0.0 to 9.0 in steps of 0.5."),
  ).toBeVisible();
  await section.getByLabel("IELTS", { exact: true }).fill("6.0");
  await section.getByRole("button", { name: "Save qualifications" }).click();
  await expect(page.getByText("Your qualifications are saved.")).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  expect(await severeViolations(page)).toEqual([]);
  await page.screenshot({ path: "/tmp/eligibility-settings-1280.png" });
  await page.setViewportSize({ width: 375, height: 800 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/eligibility-settings-375.png" });
  await page.setViewportSize({ width: 1280, height: 800 });
  // Kept: the form shows it on the next visit.
  await openPage(page, "/settings");
  await expect(page.getByLabel("IELTS", { exact: true })).toHaveValue("6.0");

  // The finder's cards: the gap named, and never in the server's HTML.
  const path = await finderPageWithGap(page);
  const gapCard = cards(page).filter({ hasText: GAP }).first();
  await expect(gapCard).toBeVisible();
  const html = await (await page.request.get(path)).text();
  expect(html).not.toContain("You may not meet");
  expect(html).not.toContain(MEETS);
  expect(await severeViolations(page)).toEqual([]);
  await gapCard.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/eligibility-finder-1280.png" });

  // Only programmes I qualify for: every card left says the student meets the requirements.
  const only = page.getByRole("checkbox", { name: "Only programmes I qualify for" }).first();
  await only.click();
  await expect(page).toHaveURL(/qualified=true/);
  await expect(only).toBeChecked();
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByText(GAP)).toHaveCount(0);
  const filtered = await cards(page).count();
  expect(filtered).toBeGreaterThan(0);
  await expect(page.locator('[data-eligibility="meets"]')).toHaveCount(filtered);
  expect(await severeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(cards(page).first()).toBeVisible();
  await cards(page).first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/eligibility-finder-375.png" });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The programme page and the apply dialog's warning.
  await openPage(page, path);
  const link = cards(page).filter({ hasText: GAP }).first().getByRole("link").first();
  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(GAP)).toBeVisible();
  await page
    .getByRole("button", { name: /^Apply/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await expect(
    dialog.getByText("You may not meet this programme's entry requirements"),
  ).toBeVisible();
  await expect(dialog.getByText("IELTS 6.5 required (you have 6.0)")).toBeVisible();
  expect(await severeViolations(page)).toEqual([]);
  await page.screenshot({ path: "/tmp/eligibility-apply-1280.png" });
});

test("a signed-out visitor's finder carries no note, and the filter says to sign in", async ({
  page,
}) => {
  await openPage(page, "/coursefinder?ordering=name&qualified=true");
  await expect(cards(page).first()).toBeVisible();
  await expect(
    page
      .getByText("Sign in and record your qualifications in Settings to use this filter.")
      .first(),
  ).toBeVisible();
  await expect(page.locator("[data-eligibility]")).toHaveCount(0);
  expect(await severeViolations(page)).toEqual([]);
});
