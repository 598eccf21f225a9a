// The partner's lead management, catalogue import and getting-started checklist, end to end in
// Chromium (docs/decisions/056-organisation-membership.md): the status of 3 selected leads set at
// once, a saved view, a lead's owner and timeline; an import of a 200-row file with 2 bad rows that
// shows them and writes nothing until confirmed; a new partner's checklist ticking its steps and
// gone when all are done. Every page at 1280 and 375 px (screenshots in /tmp), axe clean with no
// landmark finding.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

import { PARTNER, SALES, signInAtDoor } from "./support/dashboards.ts";
import {
  mailedLink,
  PASSWORD,
  registerUser,
  signInThroughApi,
  uniqueEmail,
} from "./support/accounts.ts";
import { applyThroughApi } from "./support/applications.ts";
import { atBothWidths, severeOrLandmarkViolations } from "./support/landmarks.ts";

test.describe.configure({ timeout: 300_000 });

async function dashboardSignIn(page: Page, door: string, email: string, password: string) {
  await signInAtDoor(page, door, email, password);
  await page.waitForURL(/\/dashboard\/(partner|sales)$/);
}

async function expectClean(page: Page) {
  expect(await severeOrLandmarkViolations(page)).toEqual([]);
  await expect(page.getByRole("main")).toHaveCount(1);
}

/** The XSRF header of the page's browser context, for its API calls. */
async function xsrfOf(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((item) => item.name === "XSRF-TOKEN");
  return { "X-XSRF-TOKEN": cookie?.value ?? "" };
}

async function json<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url, { maxRetries: 2 });
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** A number in letters only (a name may hold no digits): 0 → a, 25 → z, 26 → ba. */
function lettersOf(value: number): string {
  let rest = value;
  let letters = "";
  do {
    letters = String.fromCharCode(97 + (rest % 26)) + letters;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return letters;
}

test("bulk status on 3 leads, a saved view, the lead's owner and timeline", async ({ browser }) => {
  const studentContext = await browser.newContext();
  const partnerContext = await browser.newContext();
  try {
    const partner = await partnerContext.newPage();
    await dashboardSignIn(partner, "/dashboard/partner/login", PARTNER.email, PARTNER.password);
    const organisation = await json<{ schools: { slug: string }[] }>(
      partner.request,
      "/api/dashboard/partner/organisation",
    );
    const courses = await json<{ results: { slug: string }[] }>(
      partner.request,
      `/api/academics/course/list?school_slug=${organisation.schools[0]!.slug}&page_size=20`,
    );

    // One student applies to three of the school's programmes, under a name unique to the run.
    const lastName = `Bulkmann${lettersOf(Date.now())}`;
    const student = await studentContext.newPage();
    const email = await registerUser({ firstName: "Lena", lastName });
    await signInThroughApi(student, email);
    for (const course of courses.results.slice(-3)) {
      await applyThroughApi(student, course.slug, email, {
        title: "Miss",
        firstName: "Lena",
        lastName,
        sex: "Female",
        phone: "+49 30 1234567",
        address: "Torstraße 1",
        city: "Berlin",
        zip: "10119",
      });
    }

    await partner.goto(`/dashboard/partner/leads?q=${lastName}`);
    await expect(partner.getByRole("status").filter({ hasText: "leads" })).toHaveText("3 leads");
    await partner.getByLabel("Select all on this page").check();
    await expect(partner.getByText("3 leads selected")).toBeVisible();
    await partner.getByLabel("New status").selectOption("contacted");
    await partner.getByRole("button", { name: "Apply to selected" }).click();
    await expect(partner.getByRole("status").filter({ hasText: "now Contacted" })).toHaveText(
      "3 leads are now Contacted (3 changed).",
    );
    const rows = partner.getByRole("row").filter({ hasText: lastName });
    await expect(rows).toHaveCount(3);
    for (const row of await rows.all()) await expect(row).toContainText("Contacted");
    await expect(partner.getByText("0 leads selected")).toBeVisible();

    // The filters saved as a view, shared by the team.
    const viewName = `Contacted ${lastName}`;
    await partner.getByLabel("Save these filters as").fill(viewName);
    await partner.getByRole("button", { name: "Save view" }).click();
    await expect(partner.getByRole("link", { name: viewName })).toBeVisible();
    await atBothWidths(partner, "leads-bulk", async () => expectClean(partner));
    await partner.goto("/dashboard/partner/leads");
    await partner.getByRole("link", { name: viewName }).click();
    await partner.waitForURL(`**/dashboard/partner/leads?q=${lastName}`);
    await expect(partner.getByRole("row").filter({ hasText: lastName })).toHaveCount(3);

    // One lead: its owner, its answers and its timeline in one place.
    await partner
      .getByRole("link", { name: `Lena ${lastName}` })
      .first()
      .click();
    await partner.waitForURL(/\/dashboard\/partner\/leads\/\d+$/);
    await expect(partner.getByRole("heading", { level: 1 })).toContainText(lastName);
    await expect(partner.getByText("Torstraße 1, 10119 Berlin")).toBeVisible();
    const timeline = partner.getByRole("region", { name: "Timeline" });
    await expect(timeline.getByRole("listitem").first()).toContainText(`Lena ${lastName} applied`);
    await expect(timeline).toContainText("Status: New → Contacted");
    await partner.getByLabel("Owner").selectOption({ label: "Pat Partner" });
    await partner.getByRole("button", { name: "Save owner" }).click();
    await expect(partner.getByRole("status").filter({ hasText: "Owner saved." })).toBeVisible();
    await expect(timeline).toContainText("Owner: Nobody → Pat Partner");
    await partner.getByLabel("New note").fill("Called; sends her transcript on Friday.");
    await partner.getByRole("button", { name: "Add note" }).click();
    await expect(timeline.getByRole("listitem").last()).toContainText(
      "Called; sends her transcript on Friday.",
    );
    await atBothWidths(partner, "lead-timeline", async () => expectClean(partner), true);

    // The list shows the owner.
    await partner.goto(`/dashboard/partner/leads?q=${lastName}`);
    await expect(partner.getByRole("row").filter({ hasText: "Pat Partner" })).toHaveCount(1);
  } finally {
    await studentContext.close();
    await partnerContext.close();
  }
});

/** 200 programmes with codes and names unique to `run`; rows 51 and 152 (file rows) are bad. */
function importFile(run: string): string {
  const lines = [
    "Code,Name,Programme type,Duration,Duration unit,Format,Attendance,Start,Tuition fee,Currency,Fee period,Disciplines",
  ];
  for (let index = 1; index <= 200; index++) {
    const type = index === 50 ? "Wizardry" : "Masters";
    const fee = index === 151 ? "-5" : String(9000 + index);
    lines.push(
      `${run}-${index},Imported ${run} Studies ${index},${type},2,years,Full-time,On campus,2027-09,${fee},EUR,year,Computer Science`,
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

test("an import of 200 rows with 2 bad ones shows them and writes nothing until confirmed", async ({
  page,
}) => {
  await dashboardSignIn(page, "/dashboard/partner/login", PARTNER.email, PARTNER.password);
  await page.goto("/dashboard/partner/programmes");
  await page.getByRole("link", { name: "Import from a file" }).click();
  await page.waitForURL("**/dashboard/partner/programmes/import");
  await expect(page.getByRole("heading", { name: "Import programmes", level: 1 })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Programme type" })).toBeVisible();
  await atBothWidths(page, "import-empty", async () => expectClean(page));

  // The template previews without an error.
  const template = await page.request.get("/api/dashboard/partner/programme-import/template.csv");
  expect(template.status()).toBe(200);
  await page.getByLabel("CSV or Excel file").setInputFiles({
    name: "template.csv",
    mimeType: "text/csv",
    buffer: await template.body(),
  });
  await page.getByRole("button", { name: "Preview the import" }).click();
  await expect(page.getByRole("region", { name: "Preview: nothing is saved yet" })).toContainText(
    "1 row:",
  );
  await expect(page.getByText("with errors")).toHaveCount(0);

  const run = `E2E${Date.now().toString(36).toUpperCase()}`;
  const countOf = async () =>
    (
      await json<{ count: number }>(
        page.request,
        `/api/dashboard/partner/programmes?q=${encodeURIComponent(`Imported ${run}`)}`,
      )
    ).count;
  await page.getByLabel("CSV or Excel file").setInputFiles({
    name: "programmes.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(importFile(run)),
  });
  await page.getByRole("button", { name: "Preview the import" }).click();
  const preview = page.getByRole("region", { name: "Preview: nothing is saved yet" });
  await expect(preview.getByRole("status")).toHaveText(
    "200 rows: 198 new programmes, 0 programmes to update where something differs, 2 rows with errors.",
  );
  const errors = preview.getByRole("table", { name: "Rows with errors" });
  await expect(errors.getByRole("row").filter({ hasText: "Row 51" })).toContainText(
    "Programme type",
  );
  await expect(errors.getByRole("row").filter({ hasText: "Row 51" })).toContainText("Wizardry");
  await expect(errors.getByRole("row").filter({ hasText: "Row 152" })).toContainText("Tuition fee");
  await expect(errors.getByRole("row")).toHaveCount(3);
  await atBothWidths(page, "import-preview", async () => expectClean(page), true);
  // Nothing is written by the preview.
  expect(await countOf()).toBe(0);

  await page.getByRole("button", { name: "Import 198 programmes" }).click();
  const result = page.getByRole("region", { name: "Import finished" });
  await expect(result.getByRole("status")).toHaveText(
    "198 programmes created, 0 programmes updated, 0 programmes unchanged, 2 rows skipped.",
  );
  await expect(page.getByRole("region", { name: "Preview: nothing is saved yet" })).toHaveCount(0);
  expect(await countOf()).toBe(198);
  await atBothWidths(page, "import-result", async () => expectClean(page));
  await result.getByRole("link", { name: "See your programmes" }).click();
  await page.waitForURL("**/dashboard/partner/programmes");
});

test("a new partner's checklist ticks each step and is gone when all are done", async ({
  browser,
}) => {
  const partnerContext = await browser.newContext();
  const salesContext = await browser.newContext();
  try {
    const page = await partnerContext.newPage();
    const email = uniqueEmail("checklist");
    const registered = await page.request.post("/api/account/register_partner", {
      data: {
        first_name: "Cleo",
        last_name: "Checklist",
        email,
        password: PASSWORD,
        organization: `Checklist College ${Date.now().toString(36)}`,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await page.goto(await mailedLink(page.request, email, "verification"));
    await expect(page.getByRole("heading", { name: "E-mail verified" })).toBeVisible();
    await signInThroughApi(page, email);
    const { id } = await json<{ id: number }>(page.request, "/api/dashboard/partner/organisation");

    // A sales agent links a school and approves the organisation.
    const sales = await salesContext.newPage();
    await dashboardSignIn(sales, "/dashboard/sales/login", SALES.email, SALES.password);
    const schools = await json<{ results: { id: number; organisation: unknown }[] }>(
      sales.request,
      "/api/dashboard/sales/schools?q=a",
    );
    const school = schools.results.find((candidate) => candidate.organisation === null)!;
    const headers = await xsrfOf(sales);
    const linked = await sales.request.post(`/api/dashboard/sales/organisations/${id}/schools`, {
      data: { school_id: school.id },
      headers,
    });
    expect(linked.status(), await linked.text()).toBe(200);
    const approved = await sales.request.post(`/api/dashboard/sales/organisations/${id}/status`, {
      data: { status: "approved" },
      headers,
    });
    expect(approved.status(), await approved.text()).toBe(200);

    await page.goto("/dashboard/partner");
    const checklist = page.getByRole("region", { name: "Getting started" });
    await expect(checklist).toContainText("0 of 3 done");
    await expect(checklist.getByRole("link", { name: "Add a programme" })).toBeVisible();
    await atBothWidths(page, "checklist", async () => expectClean(page), true);

    // Hidden in this browser until the cookie goes.
    await checklist.getByRole("button", { name: "Hide this list" }).click();
    await expect(checklist).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(checklist).toHaveCount(0);
    await partnerContext.clearCookies({ name: "partner_checklist_hidden" });
    await page.reload();
    await expect(checklist).toContainText("0 of 3 done");

    // The school profile, saved through its page.
    const partnerHeaders = await xsrfOf(page);
    const profile = await page.request.put(`/api/dashboard/partner/schools/${school.id}`, {
      data: { about: "A small college by the sea.", video: "", city: "Brighton" },
      headers: partnerHeaders,
    });
    expect(profile.status(), await profile.text()).toBe(200);
    await page.reload();
    await expect(checklist).toContainText("1 of 3 done");
    await expect(checklist.getByRole("listitem").first()).toContainText("(done)");

    // A first programme, imported.
    const file = `Code,Name,Programme type,Duration,Duration unit,Format,Attendance,Start,Tuition fee,Currency,Fee period,Disciplines\r\nC-1,Checklist Studies,Masters,1,years,Full-time,On campus,2027-09,9000,EUR,year,Law\r\n`;
    const multipart = {
      file: { name: "one.csv", mimeType: "text/csv", buffer: Buffer.from(file) },
    };
    const previewed = await page.request.post("/api/dashboard/partner/programme-import/preview", {
      multipart,
      headers: partnerHeaders,
    });
    const { file_sha256: sha } = (await previewed.json()) as { file_sha256: string };
    const imported = await page.request.post(
      `/api/dashboard/partner/programme-import?file_sha256=${sha}`,
      { multipart, headers: partnerHeaders },
    );
    expect(imported.status(), await imported.text()).toBe(200);
    expect(await imported.json()).toMatchObject({ created: 1, skipped: 0 });
    await page.reload();
    await expect(checklist).toContainText("2 of 3 done");

    // Lead delivery, through the checklist's link.
    await checklist.getByRole("link", { name: "Set up lead delivery" }).click();
    await page.waitForURL("**/dashboard/partner/settings");
    await page.getByLabel("E-mail for new leads").fill(`admissions-${email}`);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: /saved/i }).first()).toBeVisible();
    await page.goto("/dashboard/partner");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(checklist).toHaveCount(0);
  } finally {
    await partnerContext.close();
    await salesContext.close();
  }
});

test("a viewer sees leads and programmes without the controls the API would refuse", async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const viewerContext = await browser.newContext();
  try {
    const owner = await ownerContext.newPage();
    await dashboardSignIn(owner, "/dashboard/partner/login", PARTNER.email, PARTNER.password);
    const email = uniqueEmail("viewer");
    const invited = await owner.request.post("/api/dashboard/partner/team/invitations", {
      data: { email, role: "viewer" },
      headers: await xsrfOf(owner),
    });
    expect(invited.status(), await invited.text()).toBe(201);

    const viewer = await viewerContext.newPage();
    const link = new URL(
      await mailedLink(viewer.request, email, "team_invitation"),
      "http://localhost",
    );
    await viewer.request.get("/api/health");
    const joined = await viewer.request.post("/api/dashboard/partner/invitation/register", {
      data: {
        first_name: "Vera",
        last_name: "Viewer",
        password: PASSWORD,
        invitation: link.searchParams.get("invitation"),
      },
      headers: await xsrfOf(viewer),
    });
    expect(joined.status(), await joined.text()).toBe(201);

    await viewer.goto("/dashboard/partner/leads");
    await expect(viewer.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
    await expect(viewer.getByRole("table")).toBeVisible();
    await expect(viewer.getByRole("checkbox")).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: "Apply to selected" })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: /^Delete the view/ })).toHaveCount(0);
    await viewer.goto("/dashboard/partner/leads?status=new");
    await expect(viewer.getByLabel("Save these filters as")).toHaveCount(0);
    await viewer.getByRole("table").getByRole("link").first().click();
    await viewer.waitForURL(/\/dashboard\/partner\/leads\/\d+$/);
    await expect(viewer.getByRole("region", { name: "Timeline" })).toBeVisible();
    await expect(viewer.getByText("Your role (viewer) reads leads")).toBeVisible();
    await expect(viewer.getByRole("combobox")).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: "Add note" })).toHaveCount(0);
    await atBothWidths(viewer, "viewer-lead", async () => expectClean(viewer));

    await viewer.goto("/dashboard/partner/programmes");
    await expect(viewer.getByRole("link", { name: "Import from a file" })).toHaveCount(0);
    await expect(viewer.getByRole("link", { name: "New programme" })).toHaveCount(0);
    await viewer.goto("/dashboard/partner/programmes/import");
    await viewer.waitForURL(/\/dashboard\/partner$/);
  } finally {
    await ownerContext.close();
    await viewerContext.close();
  }
});
