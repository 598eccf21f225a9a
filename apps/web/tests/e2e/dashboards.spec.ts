// The dashboards' doors and organisations, end to end
// (docs/decisions/016-organisations-and-dashboards.md): a partner registers an organisation and
// verifies the address; the organisation waits; a sales agent signs in with 'remember me', approves
// it and links a school; the partner then sees it approved with the school. The §8 texts on a
// refused sign-in and the Error dialog on a network failure. axe on every page at 1280 and 375 px.
import { expect, test, type Page } from "@playwright/test";

import {
  mailedLink,
  PASSWORD,
  registerUser,
  signInThroughApi,
  uniqueEmail,
} from "./support/accounts.ts";
import { severeViolations } from "./support/axe.ts";

const SALES = { email: "sales@studyatlas.test", password: "Demo1234!" };

/**
 * The Overview's daily charts (docs/decisions/017-dashboard-charts.md): one per metric, server-
 * rendered SVG named by a sentence, inside the page's width, with the daily table beside them.
 */
async function expectChartsWithAlternatives(page: Page, width: number) {
  const charts = page.getByTestId("daily-chart");
  await expect(charts).toHaveCount(5);
  for (const chart of await charts.all()) {
    const image = chart.getByRole("img");
    await expect(image).toHaveAccessibleName(/ per day, \d+ \w+ to \d+ \w+: (highest|none)/);
    expect(await image.locator("rect, path").count()).toBeGreaterThan(0);
    const box = await image.boundingBox();
    expect(box && box.width > 100 && box.x + box.width <= width).toBe(true);
  }
  // Every figure in a table: the daily numbers (folded away until asked for).
  await expect(page.getByText("Daily numbers")).toBeVisible();
  await expect(page.locator("details table th", { hasText: "Conversion" })).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

async function dashboardSignIn(page: Page, email: string, password: string, remember = false) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (remember) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("a partner registers; a sales agent approves the organisation and links a school; the partner sees it", async ({
  browser,
}) => {
  const partnerContext = await browser.newContext();
  const salesContext = await browser.newContext();
  try {
    const partner = await partnerContext.newPage();
    const email = uniqueEmail("partner");
    const organisation = `Riverside Academy ${Date.now().toString(36)}`;

    await partner.goto("/dashboard/partner/register");
    expect(await severeViolations(partner)).toEqual([]);
    await partner.getByLabel("First name").fill("Rita");
    await partner.getByLabel("Last name").fill("Rivers");
    await partner.getByLabel("Organisation").fill(organisation);
    await partner.getByLabel("Work e-mail").fill(email);
    await partner.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await partner.getByRole("button", { name: "Register" }).click();
    await expect(partner.getByText("Almost done! We have sent a link")).toBeVisible();

    // The e-mailed link proves the address; then the partner signs in at the partner door.
    await partner.goto(await mailedLink(partner.request, email, "verification"));
    await expect(partner.getByRole("heading", { name: "E-mail verified" })).toBeVisible();
    await partner.goto("/dashboard/partner/login");
    if (!partner.url().endsWith("/dashboard/partner")) {
      await dashboardSignIn(partner, email, PASSWORD);
    }
    await partner.waitForURL("**/dashboard/partner");
    await expect(partner.getByRole("heading", { level: 1 })).toHaveText(organisation);
    await expect(partner.getByText("waiting for approval")).toBeVisible();
    expect(await severeViolations(partner)).toEqual([]);

    // The sales agent, signed in for 30 days.
    const sales = await salesContext.newPage();
    await sales.goto("/dashboard/sales/login");
    await dashboardSignIn(sales, SALES.email, SALES.password, true);
    await sales.waitForURL("**/dashboard/sales");
    const refresh = (await salesContext.cookies()).find((cookie) => cookie.name === "sa_refresh");
    expect(refresh?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
    await sales.getByRole("link", { name: "Pending" }).click();
    await sales.waitForURL("**/dashboard/sales?status=pending");
    const card = sales.getByRole("listitem").filter({ hasText: organisation });
    await expect(card).toContainText(email);
    expect(await severeViolations(sales)).toEqual([]);

    await card.getByRole("button", { name: "Approve" }).click();
    // Approved, it leaves the pending list.
    await expect(sales.getByRole("listitem").filter({ hasText: organisation })).toHaveCount(0);
    await sales.getByRole("link", { name: "Approved" }).click();
    const approved = sales.getByRole("listitem").filter({ hasText: organisation });
    await expect(approved.getByText("Approved", { exact: true })).toBeVisible();

    // Link a school nobody has yet.
    const schools = (await (
      await sales.request.get("/api/dashboard/sales/schools?q=a", { maxRetries: 2 })
    ).json()) as { results: { name: string; organisation: unknown }[] };
    const school = schools.results.find((row) => row.organisation === null);
    if (!school) throw new Error("no unlinked school");
    await approved.getByRole("searchbox", { name: /Find a school/ }).fill(school.name);
    await approved.getByRole("button", { name: "Find" }).click();
    await approved
      .getByRole("list", { name: `Schools matching ${school.name}` })
      .getByRole("listitem")
      .filter({ hasText: school.name })
      .first()
      .getByRole("button", { name: "Link" })
      .click();
    await expect(approved.getByRole("link", { name: school.name })).toBeVisible();

    // The partner sees the approval and the school.
    await partner.reload();
    await expect(partner.getByText("Approved", { exact: true })).toBeVisible();
    await expect(
      partner
        .getByRole("region", { name: "Your schools" })
        .getByRole("link", { name: school.name }),
    ).toBeVisible();
    for (const width of [1280, 375]) {
      await partner.setViewportSize({ width, height: 800 });
      await sales.setViewportSize({ width, height: 800 });
      expect(await severeViolations(partner)).toEqual([]);
      expect(await severeViolations(sales)).toEqual([]);
    }
  } finally {
    await partnerContext.close();
    await salesContext.close();
  }
});

test("the partner door says 'Invalid credentials' for a wrong password and opens the Error dialog when the network fails", async ({
  page,
}) => {
  await page.goto("/dashboard/partner/login");
  expect(await severeViolations(page)).toEqual([]);
  await dashboardSignIn(page, "partner@studyatlas.test", "Wrong-pass1!");
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials. Please try again.");

  await page.route("**/api/dashboard/token", (route) => route.abort("internetdisconnected"));
  await page.getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Error" });
  await expect(dialog).toContainText("An error occurred. Please try again.");
  await expect(dialog.getByRole("button", { name: "OK" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();

  // Without 'remember me' the session ends with the browser: no expiry on its cookies.
  await page.unroute("**/api/dashboard/token");
  await dashboardSignIn(page, "partner@studyatlas.test", "Demo1234!");
  await page.waitForURL("**/dashboard/partner");
  const refresh = (await page.context().cookies()).find((cookie) => cookie.name === "sa_refresh");
  expect(refresh?.expires).toBe(-1);
});

test("a student at the dashboard door is told it is for partners and sales agents", async ({
  page,
}) => {
  await page.goto("/dashboard/login");
  await dashboardSignIn(page, "student@studyatlas.test", "Demo1234!");
  await expect(page.getByRole("alert")).toContainText("for partners and sales agents");
  await expect(page).toHaveURL(/\/dashboard\/login$/);
});

test("a student's application appears on the demo partner's leads page; the partner keeps its status and a note, and exports CSV", async ({
  browser,
}) => {
  const partnerContext = await browser.newContext();
  const studentContext = await browser.newContext();
  try {
    const partner = await partnerContext.newPage();
    await partner.goto("/dashboard/partner/login");
    await dashboardSignIn(partner, "partner@studyatlas.test", "Demo1234!");
    await partner.waitForURL("**/dashboard/partner");
    // The Overview of the demo school's 90 seeded days, by period.
    await expect(partner.getByRole("heading", { name: /^Last 30 days/ })).toBeVisible();
    await expect(partner.getByText("Programme page views")).toBeVisible();
    await partner.getByRole("link", { name: "7 days" }).click();
    await expect(partner.getByRole("heading", { name: /^Last 7 days/ })).toBeVisible();
    for (const width of [1280, 375]) {
      await partner.setViewportSize({ width, height: 800 });
      await expectChartsWithAlternatives(partner, width);
      expect(await severeViolations(partner)).toEqual([]);
    }
    await partner.setViewportSize({ width: 1280, height: 800 });
    const organisation = (await (
      await partner.request.get("/api/dashboard/partner/organisation", { maxRetries: 2 })
    ).json()) as { schools: { slug: string }[] };
    const school = organisation.schools[0]!.slug;
    const courses = (await (
      await partner.request.get(`/api/academics/course/list?school_slug=${school}&page_size=50`, {
        maxRetries: 2,
      })
    ).json()) as { results: { id: number; name: string }[] };
    const course = courses.results.at(-1)!;

    // A new student applies to one of its programmes (the form itself is tested in
    // apply-and-chat.spec.ts).
    const student = await studentContext.newPage();
    const email = await registerUser({ firstName: "Grace", lastName: "Hopper" });
    await signInThroughApi(student, email);
    const countries = (await (
      await student.request.get("/api/academics/country/list?page_size=2", { maxRetries: 2 })
    ).json()) as {
      results: { id: number }[];
    };
    const xsrf = (await studentContext.cookies()).find((cookie) => cookie.name === "XSRF-TOKEN");
    const applied = await student.request.post("/api/academics/course/create_interest", {
      headers: { "X-XSRF-TOKEN": xsrf?.value ?? "" },
      data: {
        course: course.id,
        title: "Dr",
        firstName: "Grace",
        lastName: "Hopper",
        email,
        sex: "Female",
        country: countries.results[0]!.id,
        nationality: String(countries.results[1]!.id),
        date_of_birth: "1990-12-09",
        phone_number: "+44 20 7946 0958",
        address: "1 Navy Yard",
        city: "Arlington",
        zip_code: "22202",
        referral_code: "",
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);

    await partner.getByRole("link", { name: "Leads" }).click();
    await partner.waitForURL("**/dashboard/partner/leads");
    const row = partner.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText(course.name);
    await expect(row).toContainText("New");
    expect(await severeViolations(partner)).toEqual([]);

    const download = partner.waitForEvent("download");
    await partner.getByRole("link", { name: "Export CSV" }).click();
    const csv = await (await download).path();
    const { readFileSync } = await import("node:fs");
    expect(readFileSync(csv, "utf8")).toContain(`"${email}"`);

    await row.getByRole("link", { name: "Grace Hopper" }).click();
    await expect(partner.getByRole("heading", { level: 1 })).toHaveText("Dr Grace Hopper");
    await partner.getByLabel("Status").selectOption("contacted");
    await partner.getByRole("button", { name: "Save status" }).click();
    await expect(partner.getByRole("status").filter({ hasText: "Status saved." })).toBeVisible();
    await partner.getByLabel("New note").fill("Called: sending the brochure.");
    await partner.getByRole("button", { name: "Add note" }).click();
    await expect(partner.getByText("Called: sending the brochure.")).toBeVisible();
    for (const width of [1280, 375]) {
      await partner.setViewportSize({ width, height: 800 });
      expect(await severeViolations(partner)).toEqual([]);
    }
    await partner.getByRole("link", { name: "← All leads" }).click();
    await expect(partner.getByRole("row").filter({ hasText: email })).toContainText("Contacted");
  } finally {
    await partnerContext.close();
    await studentContext.close();
  }
});

test("the sales numbers show a daily chart per metric with its text alternative at 1280 and 375 px", async ({
  page,
}) => {
  await page.goto("/dashboard/sales/login");
  await dashboardSignIn(page, SALES.email, SALES.password);
  await page.waitForURL("**/dashboard/sales");
  await page.goto("/dashboard/sales/numbers?days=90");
  await expect(page.getByRole("heading", { name: /^Last 90 days/ })).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expectChartsWithAlternatives(page, width);
    expect(await severeViolations(page)).toEqual([]);
  }
});
