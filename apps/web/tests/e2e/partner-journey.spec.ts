// The partner's journey without a wrong turn, end to end in Chromium
// (docs/decisions/055-lead-exports-and-idempotent-create.md; docs/spec-notes.md "A partner's
// verification link", "Approval e-mails"): an agency registers and verifies its address and is led
// to the partner door, never to student onboarding; a sales agent approves it and the approval
// e-mail is in the outbox; a new programme's double-clicked create lands on the one programme it
// created; the leads export opens in a real CSV parser and an XLSX reader with every field and the
// notes. Each page at 1280 and 375 px, axe clean with no landmark finding, screenshots in /tmp.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";

import { PARTNER, SALES, signInAtDoor } from "./support/dashboards.ts";
import {
  mailedLink,
  outboxFor,
  PASSWORD,
  registerUser,
  signInThroughApi,
  uniqueEmail,
} from "./support/accounts.ts";
import { atBothWidths, severeOrLandmarkViolations } from "./support/landmarks.ts";

/** The workbook's rows as an XLSX reader (exceljs, in a child process) sees them. */
function readWorkbook(file: string): unknown[][] {
  const script = fileURLToPath(new URL("./support/read-xlsx.ts", import.meta.url));
  return JSON.parse(
    execFileSync(process.execPath, [script, file, "Leads"], { encoding: "utf8" }),
  ) as unknown[][];
}

/** axe clean, no landmark finding, one `<main>` (a modal dialog hides the page behind it). */
async function expectClean(page: Page, modal = false) {
  expect(await severeOrLandmarkViolations(page)).toEqual([]);
  if (!modal) await expect(page.getByRole("main")).toHaveCount(1);
}

// Each flow walks several pages, each checked at two widths.
test.describe.configure({ timeout: 300_000 });

test("a verified agency goes to the partner door, not student onboarding; approval is e-mailed", async ({
  browser,
}) => {
  const registering = await browser.newContext();
  const salesContext = await browser.newContext();
  try {
    const page = await registering.newPage();
    const email = uniqueEmail("agency");
    const organisation = `Northwind Agency ${Date.now().toString(36)}`;
    await page.goto("/dashboard/partner/register");
    await page.getByLabel("An agency (recruiting for several schools)").check();
    await page.getByLabel("First name").fill("Nora");
    await page.getByLabel("Last name").fill("North");
    await page.getByLabel("Organisation").fill(organisation);
    await page.getByLabel("Work e-mail").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await atBothWidths(page, "register", async () => expectClean(page));
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByText("Almost done! We have sent a link")).toBeVisible();

    // The registering browser is signed in by the link and led to its pending dashboard, never
    // to /post-sign-up or /welcome (opened elsewhere it leads to the partner sign-in: the
    // integration test dashboards-partner-journey.test.ts).
    const link = await mailedLink(page.request, email, "verification");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "E-mail verified" })).toBeVisible();
    await expect(page.getByText("waiting for approval")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go now" })).toHaveAttribute(
      "href",
      "/dashboard/partner",
    );
    // The page counts down 5 s before it moves on: screenshots only (axe checks it elsewhere).
    await atBothWidths(page, "verified", async () => {});
    await page.waitForURL("**/dashboard/partner");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(organisation);
    await expect(page.getByText("waiting for approval")).toBeVisible();
    await atBothWidths(page, "pending", async () => expectClean(page));
    expect((await outboxFor(page, email)).map((mail) => mail.kind)).not.toContain("welcome");

    // The sales agent sees an agency, approves it; the approval mail is in the outbox.
    const sales = await salesContext.newPage();
    await signInAtDoor(sales, "/dashboard/sales/login", SALES.email, SALES.password);
    await sales.waitForURL("**/dashboard/sales");
    await sales.goto("/dashboard/sales?status=pending");
    const card = sales.getByRole("listitem").filter({ hasText: organisation });
    await expect(card).toContainText("Agency");
    await atBothWidths(sales, "sales-pending", async () => expectClean(sales));
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(sales.getByRole("listitem").filter({ hasText: organisation })).toHaveCount(0);
    await expect
      .poll(async () =>
        (await outboxFor(page, email))
          .filter((mail) => mail.kind === "organisation_decision")
          .map((mail) => mail.subject),
      )
      .toEqual([`${organisation} is approved on StudyAtlas`]);
    // The sales History has the approval.
    await sales.goto("/dashboard/sales/audit-log");
    await expect(
      sales.getByRole("listitem").filter({ hasText: organisation }).first(),
    ).toContainText("approved");
    await atBothWidths(sales, "sales-history", async () => expectClean(sales));

    // Approved: an empty overview says so in words (no axes, no empty table); a plain-http
    // webhook is refused with the message that asks for https://.
    await page.reload();
    await expect(page.getByText("Approved", { exact: true })).toBeVisible();
    await expect(page.getByTestId("daily-chart")).toHaveCount(0);
    await expect(page.getByTestId("overview-empty")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await atBothWidths(page, "empty-overview", async () => expectClean(page));
    await page.goto("/dashboard/partner/settings");
    await page.getByLabel("Webhook URL").fill("http://crm.example.com/hooks");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("starting with https://").first()).toBeVisible();
    await expect(page.getByLabel("Webhook URL")).toHaveAttribute("aria-invalid", "true");
  } finally {
    await registering.close();
    await salesContext.close();
  }
});

test("a double-clicked create lands on the one new programme; unpublish asks first; links use a dialog", async ({
  page,
}) => {
  await signInAtDoor(page, "/dashboard/partner/login", PARTNER.email, PARTNER.password);
  await page.waitForURL("**/dashboard/partner");
  const name = `Orbital Mechanics ${Date.now().toString(36)}`;
  await page.goto("/dashboard/partner/programmes/new");
  await expect(page.getByRole("textbox", { name: "Overview" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Duration", { exact: true }).fill("2");
  await page.getByLabel("Amount").fill("18,500");
  await page
    .getByRole("group", { name: /Choose one to five/ })
    .getByRole("checkbox")
    .first()
    .check();

  // The editor asks for a link's address in its own dialog, not the browser's prompt().
  const overview = page.getByRole("textbox", { name: "Overview" });
  await overview.click();
  await page.keyboard.type("Read the brochure");
  await page.keyboard.press("ControlOrMeta+A");
  await page.getByRole("button", { name: "Link" }).first().click();
  const linkDialog = page.getByRole("dialog", { name: "Add a link" });
  await expect(linkDialog).toBeVisible();
  await atBothWidths(page, "link-dialog", async () => expectClean(page, true));
  await linkDialog.getByLabel("Link address").fill("ftp://files.example.org");
  await linkDialog.getByRole("button", { name: "Add link" }).click();
  await expect(linkDialog.getByRole("alert")).toContainText("https://");
  await linkDialog.getByLabel("Link address").fill("https://example.org/brochure");
  await linkDialog.getByRole("button", { name: "Add link" }).click();
  await expect(linkDialog).toBeHidden();
  await expect(overview.locator('a[href="https://example.org/brochure"]')).toHaveText(
    "Read the brochure",
  );
  // The dialog's own form saves nothing: still the new-programme form.
  await expect(page).toHaveURL(/\/dashboard\/partner\/programmes\/new$/);

  await page.getByLabel("Publish as soon as it is saved").check();
  await page.getByRole("button", { name: "Create programme" }).dblclick();
  await page.waitForURL(/\/dashboard\/partner\/programmes\/\d+$/);
  await expect(
    page.getByRole("status").filter({ hasText: "The programme is created." }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText("Published", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Amount")).toHaveValue("18500");
  const listed = await page.request.get(
    `/api/dashboard/partner/programmes?q=${encodeURIComponent(name)}`,
    { maxRetries: 2 },
  );
  expect(((await listed.json()) as { count: number }).count).toBe(1);
  // The creation is one row of the history, not a row per empty field.
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByRole("listitem")).toHaveCount(1);
  await expect(history.getByRole("listitem")).toContainText("created");
  await expect(history.getByRole("term")).toHaveCount(0);
  await atBothWidths(page, "created", async () => expectClean(page));

  // Unpublishing asks first; "Keep it published" changes nothing.
  await page.getByRole("button", { name: "Unpublish" }).click();
  const confirm = page.getByRole("dialog", { name: "Unpublish this programme?" });
  await expect(confirm).toBeVisible();
  await atBothWidths(page, "unpublish-dialog", async () => expectClean(page, true));
  await confirm.getByRole("button", { name: "Keep it published" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Published", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Unpublish" }).click();
  await confirm.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Unpublished" })).toBeVisible();
  await expect(page.getByText("Unpublished", { exact: true })).toBeVisible();

  // The unpublished programme's page, previewed inside the dashboard.
  await page.getByRole("link", { name: "Preview the programme's page" }).click();
  await expect(page.getByText("It is not published, so visitors do not see it.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await atBothWidths(page, "preview", async () => expectClean(page));

  // Duplicate: the partner lands on an unpublished copy, named as such, with every field kept.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await page.getByRole("button", { name: "Duplicate" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} (copy)`);
  await expect(page.getByRole("status").filter({ hasText: "The copy is created." })).toBeVisible();
  await expect(page.getByText("Unpublished", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Amount")).toHaveValue("18500");
  await atBothWidths(page, "duplicated", async () => expectClean(page));
});

test("the leads export opens in a CSV parser and an XLSX reader with every field and the notes", async ({
  browser,
}) => {
  const partnerContext = await browser.newContext();
  const studentContext = await browser.newContext();
  try {
    const partner = await partnerContext.newPage();
    await signInAtDoor(partner, "/dashboard/partner/login", PARTNER.email, PARTNER.password);
    await partner.waitForURL("**/dashboard/partner");
    const organisation = (await (
      await partner.request.get("/api/dashboard/partner/organisation", { maxRetries: 2 })
    ).json()) as { schools: { slug: string }[] };
    const courses = (await (
      await partner.request.get(
        `/api/academics/course/list?school_slug=${organisation.schools[0]!.slug}&page_size=50`,
        { maxRetries: 2 },
      )
    ).json()) as { results: { id: number; name: string }[] };
    const course = courses.results[0]!;

    const student = await studentContext.newPage();
    const email = await registerUser({ firstName: "Tomás", lastName: "Müller" });
    await signInThroughApi(student, email);
    const countries = (await (
      await student.request.get("/api/academics/country/list?page_size=2", { maxRetries: 2 })
    ).json()) as { results: { id: number; name: string }[] };
    const xsrf = (await studentContext.cookies()).find((cookie) => cookie.name === "XSRF-TOKEN");
    const applied = await student.request.post("/api/academics/course/create_interest", {
      headers: { "X-XSRF-TOKEN": xsrf?.value ?? "" },
      data: {
        course: course.id,
        title: "Mr",
        firstName: "Tomás",
        lastName: "Müller",
        email,
        sex: "Male",
        country: countries.results[0]!.id,
        nationality: String(countries.results[1]!.id),
        date_of_birth: "1999-04-01",
        phone_number: "+155501005",
        address: "Hauptstraße 5",
        city: "Köln",
        zip_code: "50667",
        referral_code: "",
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);

    await partner.goto("/dashboard/partner/leads");
    const row = partner.getByRole("row").filter({ hasText: email });
    await row.getByRole("link", { name: "Tomás Müller" }).click();
    // Again until the badge says so: a choice made before the page is interactive is lost.
    await expect(async () => {
      await partner.getByLabel("Status").selectOption("contacted");
      await partner.getByRole("button", { name: "Save status" }).click();
      await expect(partner.locator("h1 + [data-status]")).toHaveText("Contacted", {
        timeout: 3000,
      });
    }).toPass();
    await partner.getByLabel("New note").fill("Called: sending the brochure, then =SUM(A1).");
    await partner.getByRole("button", { name: "Add note" }).click();
    await expect(partner.getByText("Called: sending the brochure")).toBeVisible();
    await partner.goto("/dashboard/partner/leads");
    await atBothWidths(partner, "leads", async () => expectClean(partner));

    const csvDownload = partner.waitForEvent("download");
    await partner.getByRole("link", { name: "Export CSV" }).click();
    const csvBytes = readFileSync(await (await csvDownload).path());
    expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse<Record<string, string>>(csvBytes, { bom: true, columns: true });
    const lead = rows.find((candidate) => candidate["E-mail"] === email);
    const expected = {
      Status: "Contacted",
      Title: "Mr",
      "First name": "Tomás",
      "Last name": "Müller",
      Sex: "Male",
      "Date of birth": "1999-04-01",
      Nationality: countries.results[1]!.name,
      Phone: "+155501005",
      Address: "Hauptstraße 5",
      City: "Köln",
      "ZIP code": "50667",
      "Country of residence": countries.results[0]!.name,
      Programme: course.name,
    };
    expect(lead).toMatchObject(expected);
    expect(lead!.Notes).toContain("Called: sending the brochure, then =SUM(A1).");

    const xlsxDownload = partner.waitForEvent("download");
    await partner.getByRole("link", { name: "Export Excel" }).click();
    const [headings, ...sheetRows] = readWorkbook(await (await xlsxDownload).path()) as [
      string[],
      ...unknown[][],
    ];
    expect(headings).toEqual(Object.keys(rows[0]!));
    const cells = sheetRows.find((values) => values[headings.indexOf("E-mail")] === email)!;
    for (const [heading, value] of Object.entries(expected)) {
      expect(cells[headings.indexOf(heading)], heading).toBe(value);
    }
    expect(String(cells[headings.indexOf("Notes")])).toContain("=SUM(A1).");
  } finally {
    await partnerContext.close();
    await studentContext.close();
  }
});
