// Saved searches and alerts end to end (docs/decisions/053-saved-searches-and-alerts.md): a
// student saves the finder's search for one school; the school's partner publishes a new
// programme from the dashboard; the alert run (every 2 s on the test server) e-mails the student,
// whose settings then show the search with one new match. axe on the finder and the settings, and
// screenshots of both at 1280 and 375 px (/tmp/alerts-*.png).
import { expect, test, type Page } from "@playwright/test";

import { outboxFor, registerUser, signInThroughApi } from "./support/accounts.ts";
import { severeViolations } from "./support/axe.ts";
import { openPage } from "./support/navigation.ts";

const PARTNER = { email: "partner@studyatlas.test", password: "Demo1234!" };

async function signInPartner(page: Page) {
  await page.goto("/dashboard/partner/login");
  await page.getByLabel("Email").fill(PARTNER.email);
  await page.getByLabel("Password", { exact: true }).fill(PARTNER.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard/partner");
}

async function xsrfOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN");
  return cookie?.value ?? "";
}

/** A published programme of the partner, its values, and its school's public slug. */
async function partnerProgramme(page: Page) {
  const list = await page.request.get("/api/dashboard/partner/programmes?status=published", {
    maxRetries: 2,
  });
  const { results } = (await list.json()) as {
    results: { id: number; slug: string; school: { published: boolean } }[];
  };
  const programme = results.find((row) => row.school.published);
  if (!programme) throw new Error("The demo partner has no published programme");
  const detail = await page.request.get(`/api/dashboard/partner/programmes/${programme.id}`, {
    maxRetries: 2,
  });
  const { values } = (await detail.json()) as { values: Record<string, unknown> };
  await openPage(page, `/course/${programme.slug}`);
  const schoolHref = await page.locator('main a[href^="/school/"]').first().getAttribute("href");
  return { values, schoolSlug: schoolHref!.split("/").pop()! };
}

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/alerts-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("save a search, a partner publishes a match, the alert arrives and settings count it", async ({
  page,
  browser,
}) => {
  // Two people, a dashboard, an alert run and two axe scans: longer than one page's test.
  test.setTimeout(180_000);
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  try {
    await signInPartner(partner);
    const { values, schoolSlug } = await partnerProgramme(partner);

    // The student saves the finder's search for that school.
    const email = await registerUser();
    await signInThroughApi(page, email);
    await openPage(page, `/coursefinder?school_slug=${schoolSlug}`);
    await page.getByRole("button", { name: "Save this search" }).click();
    const saved = page.getByRole("status").filter({ hasText: "Saved as" });
    await expect(saved).toBeVisible();
    const name = (await saved.innerText()).match(/“(.+)”/)?.[1];
    expect(name).toBeTruthy();
    await expect(page.getByRole("button", { name: "Search saved" })).toBeDisabled();
    expect(await severeViolations(page)).toEqual([]);
    await screenshots(page, "finder");

    // The partner drafts a programme of that school, then publishes it from the dashboard.
    const programmeName = `Alerted Astronomy ${Date.now().toString(36)}`;
    const created = await partner.request.post("/api/dashboard/partner/programmes", {
      data: { ...values, name: programmeName, published: false },
      headers: { "X-XSRF-TOKEN": await xsrfOf(partner) },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await openPage(partner, `/dashboard/partner/programmes/${id}`);
    await partner.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(partner.getByRole("button", { name: "Unpublish" })).toBeVisible();

    // The alert: one e-mail naming the search and the programme.
    await expect
      .poll(
        async () => (await outboxFor(page, email)).filter((mail) => mail.kind === "alert").length,
        { timeout: 30_000 },
      )
      .toBe(1);
    const [alert] = (await outboxFor(page, email)).filter((mail) => mail.kind === "alert");
    expect(alert?.subject).toBe(`1 new programme matches “${name}”`);
    expect(alert?.text).toContain(programmeName);
    // It is in the development mailbox, as a person would read it.
    // A plain HTML page of the server's (no React to wait for).
    await page.goto("/dev/mailbox");
    await expect(page.getByText(`1 new programme matches “${name}”`).first()).toBeVisible();

    // Settings: the saved search with its new match; opening it starts the count again.
    await openPage(page, "/settings");
    const section = page.getByRole("region", { name: "Saved searches and alerts" });
    const item = section.getByRole("listitem").filter({ hasText: name! });
    await expect(item.getByTestId("new-matches")).toHaveText("1 new match");
    await expect(item.getByRole("combobox", { name: "Alert" })).toHaveValue("daily");
    expect(await severeViolations(page)).toEqual([]);
    await screenshots(page, "settings");

    await item.getByRole("combobox", { name: "Alert" }).selectOption("weekly");
    await expect(page.getByText("Alert updated.")).toBeVisible();
    await item.getByRole("button", { name: `Open ${name}` }).click();
    await page.waitForURL(`**/coursefinder?school_slug=${schoolSlug}`);
    await openPage(page, "/settings");
    await expect(
      page
        .getByRole("region", { name: "Saved searches and alerts" })
        .getByRole("listitem")
        .filter({ hasText: name! })
        .getByTestId("new-matches"),
    ).toHaveText("No new matches");
  } finally {
    await partnerContext.close();
  }
});
