// The finder's synonyms in the dashboards, end to end (docs/decisions/044-synonyms-as-data.md): a
// sales agent adds a one-way entry (after the form refuses a two-way set of one word), finds it
// with the list's filter and edits it; the partner's read-only page shows it with no way to edit;
// the sales agent deletes it and it leaves the partner's list. axe on both pages at 1280 and
// 375 px, and neither page wider than the window.
import { expect, test, type Page } from "@playwright/test";

import { severeViolations } from "./support/axe.ts";

const DEMO_PASSWORD = "Demo1234!";

async function dashboardSignIn(page: Page, door: "sales" | "partner") {
  await page.goto(`/dashboard/${door}/login`);
  await page.getByLabel("Email").fill(`${door}@studyatlas.test`);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`**/dashboard/${door}`);
}

async function checkWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await severeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function filterList(page: Page, word: string) {
  await page.getByRole("searchbox", { name: "Find a word" }).fill(word);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.waitForURL(`**?q=${word}`);
}

test("a sales agent adds and edits a synonym; the partner's page shows it; deleted, it goes", async ({
  browser,
}) => {
  // Two signed-in dashboards and four axe scans on a shared 2-core machine.
  test.slow();
  const salesContext = await browser.newContext();
  const partnerContext = await browser.newContext();
  // A word no other run wrote: letters and digits only, as the list keeps words.
  const word = `uni${Date.now().toString(36)}`;
  try {
    const sales = await salesContext.newPage();
    await dashboardSignIn(sales, "sales");
    await sales
      .getByRole("navigation", { name: "Sales dashboard" })
      .getByRole("link", {
        name: "Synonyms",
      })
      .click();
    await expect(sales.getByRole("heading", { level: 1 })).toHaveText("Search synonyms");
    await expect(sales.getByRole("status").filter({ hasText: /^\d+ entries$/ })).toBeVisible();
    await checkWidths(sales, "sales-synonyms");

    // The form checks what the API checks.
    const editor = sales.getByRole("region", { name: "Add an entry" });
    await editor.getByRole("textbox", { name: "Words" }).fill("mba");
    await editor.getByRole("button", { name: "Add entry" }).click();
    await expect(editor.getByText("A two-way entry needs at least two words.")).toBeVisible();

    await editor.getByLabel(/^One-way/).check();
    await editor.getByRole("textbox", { name: "Word typed" }).fill(` ${word.toUpperCase()} `);
    await editor.getByRole("textbox", { name: "Also finds" }).fill("University");
    await editor.getByRole("textbox", { name: "Note (optional)" }).fill("Students shorten it.");
    await editor.getByRole("button", { name: "Add entry" }).click();
    await expect(editor.getByRole("status")).toHaveText("Entry added.");

    await filterList(sales, word);
    const row = sales.getByRole("row").filter({ hasText: word });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("One-way");
    await expect(row).toContainText("university");
    await expect(row).toContainText("Sasha Sales");

    await row.getByRole("button", { name: `Edit ${word}` }).click();
    const edit = sales.getByRole("region", { name: `Edit entry “${word}”` });
    await expect(edit.getByRole("heading")).toBeFocused();
    await edit.getByRole("textbox", { name: "Also finds" }).fill("university, universities");
    await edit.getByRole("button", { name: "Save entry" }).click();
    await expect(editor.getByRole("status")).toHaveText("Entry saved.");
    await expect(row).toContainText("universities");
    await checkWidths(sales, "sales-synonyms-filtered");

    const partner = await partnerContext.newPage();
    await dashboardSignIn(partner, "partner");
    await partner
      .getByRole("navigation", { name: "Partner dashboard" })
      .getByRole("link", {
        name: "Synonyms",
      })
      .click();
    await expect(partner.getByRole("heading", { level: 1 })).toHaveText("Search synonyms");
    await filterList(partner, word);
    const partnerRow = partner.getByRole("row").filter({ hasText: word });
    await expect(partnerRow).toContainText("universities");
    await expect(partner.getByRole("button", { name: /^(Edit|Delete) / })).toHaveCount(0);
    await expect(partner.getByRole("region", { name: "Add an entry" })).toHaveCount(0);
    await checkWidths(partner, "partner-synonyms");

    sales.once("dialog", (dialog) => void dialog.accept());
    await row.getByRole("button", { name: `Delete ${word}` }).click();
    await expect(sales.getByRole("row").filter({ hasText: word })).toHaveCount(0);
    await partner.reload();
    await expect(partner.getByRole("status").filter({ hasText: `0 of` })).toBeVisible();
    await expect(partner.getByRole("row").filter({ hasText: word })).toHaveCount(0);
  } finally {
    await salesContext.close();
    await partnerContext.close();
  }
});
