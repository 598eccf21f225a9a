// Programme authoring end to end (docs/decisions/016-organisations-and-dashboards.md "Programme
// authoring"): the demo partner signs in, finds one of its organisation's programmes, renames it
// and changes an HTML section in the rich-text editor (keyboard only), saves, and sees the new name
// on the public programme page; the change is in the programme's history and the audit log. axe on
// every page added, at 1280 and 375 px.
import { expect, test, type Page } from "@playwright/test";

import { severeViolations } from "./support/axe.ts";

const PARTNER = { email: "partner@studyatlas.test", password: "Demo1234!" };

async function signIn(page: Page) {
  await page.goto("/dashboard/partner/login");
  await page.getByLabel("Email").fill(PARTNER.email);
  await page.getByLabel("Password", { exact: true }).fill(PARTNER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard/partner");
}

test("a partner renames a programme and sees the new name on its public page", async ({ page }) => {
  await signIn(page);
  await page
    .getByRole("navigation", { name: "Partner dashboard" })
    .getByRole("link", { name: "Programmes" })
    .click();
  await page.waitForURL("**/dashboard/partner/programmes");
  expect(await severeViolations(page)).toEqual([]);

  // A published programme of the organisation.
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Search" }).click();
  await page.waitForURL("**/dashboard/partner/programmes?*status=published*");
  await page.getByRole("table").getByRole("link").first().click();
  await page.waitForURL(/\/dashboard\/partner\/programmes\/\d+$/);
  const publicLink = page.getByRole("link", { name: /View the public page/ });
  const href = await publicLink.getAttribute("href");
  expect(href).toMatch(/^\/course\/[a-z0-9-]+$/);

  const newName = `Applied Cartography ${Date.now().toString(36)}`;
  await page.getByLabel("Name", { exact: true }).fill(newName);
  // The Overview editor, by keyboard: focus it, type at the end, make a word bold with Ctrl+B.
  const overview = page.getByRole("textbox", { name: "Overview" });
  // The editor arrives with import() after the page; until then the section is a text area.
  await expect(overview).toHaveAttribute("contenteditable", "true");
  await overview.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("Field trips every term.");
  await page.keyboard.press("Escape");
  await expect(overview).not.toBeFocused();
  expect(await severeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newName);
  // The programme's own history shows the change.
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText(newName);
  await expect(history).toContainText("Pat Partner");

  // The public page shows the new name and the new text at once.
  await page.goto(href!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newName);
  // The section as the public API serves it (the page may show it folded).
  const detail = await page.request.get(`/api/academics/course/detail/${href!.split("/").pop()}`, {
    maxRetries: 2,
  });
  expect(((await detail.json()) as { overview: string }).overview).toContain(
    "<strong>Field trips every term.</strong>",
  );

  await page.goto("/dashboard/partner/audit-log");
  await expect(page.getByRole("region", { name: "Changes" })).toContainText(newName);
  expect(await severeViolations(page)).toEqual([]);
});

test("the new-programme form and the audit logs pass axe at 375 px", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  try {
    const page = await context.newPage();
    await signIn(page);
    for (const path of [
      "/dashboard/partner/programmes",
      "/dashboard/partner/programmes/new",
      "/dashboard/partner/audit-log",
    ]) {
      await page.goto(path);
      if (path.endsWith("/new")) {
        await expect(page.getByRole("textbox", { name: "Overview" })).toBeVisible();
      }
      expect(await severeViolations(page), path).toEqual([]);
    }
    // A new programme with a missing name: the message, and the focus on the field.
    await page.goto("/dashboard/partner/programmes/new");
    await page.getByRole("button", { name: "Create programme" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please correct the marked fields.");
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
    expect(await severeViolations(page)).toEqual([]);

    const sales = await context.browser()!.newContext({ viewport: { width: 375, height: 800 } });
    const salesPage = await sales.newPage();
    await salesPage.goto("/dashboard/sales/login");
    await salesPage.getByLabel("Email").fill("sales@studyatlas.test");
    await salesPage.getByLabel("Password", { exact: true }).fill("Demo1234!");
    await salesPage.getByRole("button", { name: "Sign In" }).click();
    await salesPage.waitForURL("**/dashboard/sales");
    await salesPage.goto("/dashboard/sales/audit-log");
    await expect(salesPage.getByRole("heading", { name: "Change history" })).toBeVisible();
    expect(await severeViolations(salesPage)).toEqual([]);
    await sales.close();
  } finally {
    await context.close();
  }
});
