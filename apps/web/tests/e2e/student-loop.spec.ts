// The student's side of the loop (docs/decisions/057-student-loop.md), in Chromium: the header's
// chat badge changes live on a programme page when the advisor replies; a second application
// shows "You applied" with the chat's link on the first programme and a form prefilled from the
// saved profile on the next; "Sign in to apply" reopens the form once signed in; /applications
// lists the applications with the status the school set; the unread reply is e-mailed after the
// quiet period (the outbox). axe finds no serious or critical issue; screenshots at 1280 and 375 px
// go to /tmp/student-loop-*.png.
import { expect, test, type Page } from "@playwright/test";

import { PASSWORD, outboxFor, registerUser, signInThroughApi } from "./support/accounts.ts";
import { severeViolations } from "./support/axe.ts";
import { openPage } from "./support/navigation.ts";
import { secondAdvisorStepsAway } from "./support/advisors.ts";

const ADVISOR = { email: "advisor@studyatlas.test", password: "Demo1234!" };

// The spec's advisor (316) receives this run's new chats (ADR 058: the second advisor steps away).
test.beforeAll(async () => {
  await secondAdvisorStepsAway();
});
const PARTNER = { email: "partner@studyatlas.test", password: "Demo1234!" };

async function xsrfOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((item) => item.name === "XSRF-TOKEN");
  return cookie?.value ?? "";
}

/** Programmes of the demo partner's organisation (its leads' statuses can be set). */
async function partnerProgrammes(page: Page): Promise<{ id: number; slug: string }[]> {
  const response = await page.request.get("/api/dashboard/partner/programmes?page_size=50", {
    maxRetries: 2,
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as {
    results: { id: number; slug: string; published: boolean }[];
  };
  return body.results.filter((programme) => programme.published);
}

async function applyThroughApi(page: Page, courseId: number, email: string) {
  const countries = (await (
    await page.request.get("/api/academics/country/list", { maxRetries: 2 })
  ).json()) as { results: { id: number }[] };
  const created = await page.request.post("/api/academics/course/create_interest", {
    headers: { "X-XSRF-TOKEN": await xsrfOf(page) },
    data: {
      course: courseId,
      title: "Mrs",
      firstName: "Ada",
      lastName: "Byron",
      email,
      sex: "Female",
      country: countries.results[0]!.id,
      nationality: countries.results[1]!.id,
      date_of_birth: "1990-12-10",
      phone_number: "+44 20 7946 0000",
      address: "12 St James's Square",
      city: "London",
      zip_code: "SW1Y 4JH",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { application_id: number; chat_id: number };
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/student-loop-${name}-${width}.png`, fullPage: false });
    expect(await severeViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the loop: live badge on a programme page, You applied, prefill, /applications with status, and the digest e-mail", async ({
  browser,
}) => {
  // Four pages, two widths each with an axe scan, and a wait for the quiet period.
  test.setTimeout(240_000);
  const partnerContext = await browser.newContext();
  const advisorContext = await browser.newContext();
  const studentContext = await browser.newContext();
  try {
    const partner = await partnerContext.newPage();
    await signInThroughApi(partner, PARTNER.email, PARTNER.password);
    const programmes = await partnerProgrammes(partner);
    expect(programmes.length).toBeGreaterThan(2);
    const [first, second] = [programmes.at(-1)!, programmes.at(-2)!];

    const student = await studentContext.newPage();
    const email = await registerUser({ firstName: "Zoë", lastName: "Müller" });
    await signInThroughApi(student, email);
    const applied = await applyThroughApi(student, first.id, email);

    // The programme applied to: "You applied on …" and the chat's link instead of the form.
    await openPage(student, `/course/${first.slug}`);
    await expect(student.getByText(/^You applied on \d{1,2} \w+ \d{4}$/)).toBeVisible();
    await expect(
      student.getByRole("link", { name: "Open the chat with your advisor" }),
    ).toHaveAttribute("href", `/chat/${applied.chat_id}`);
    await expect(student.getByRole("button", { name: "Apply Now" })).toHaveCount(0);
    await shoot(student, "applied");

    // The badge goes live on this page when the advisor replies (no reload).
    const badge = student.getByRole("banner").getByRole("link", { name: /^Chat/ });
    await expect(badge).toHaveAccessibleName("Chat");
    const advisor = await advisorContext.newPage();
    await signInThroughApi(advisor, ADVISOR.email, ADVISOR.password);
    const reply = await advisor.request.post(`/api/chats/${applied.chat_id}/messages`, {
      headers: { "X-XSRF-TOKEN": await xsrfOf(advisor) },
      data: { content: "Hello Zoë, thank you for applying." },
    });
    expect(reply.status(), await reply.text()).toBe(201);
    await expect(badge).toHaveAccessibleName("Chat, 1 unread", { timeout: 20_000 });
    await shoot(student, "badge");

    // The next programme: Apply Now opens the form prefilled from the saved profile.
    await openPage(student, `/course/${second.slug}`);
    await student.getByRole("button", { name: "Apply Now" }).click();
    const dialog = student.getByRole("dialog", { name: "Apply Here" });
    await expect(dialog.getByLabel("Phone number")).toHaveValue("+44 20 7946 0000");
    await expect(dialog.getByLabel("City")).toHaveValue("London");
    await expect(dialog.getByLabel("Date of birth")).toHaveValue("1990-12-10");
    await expect(dialog.getByLabel("Title")).toHaveValue("Mrs");
    await shoot(student, "prefilled");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // The school sets a status; /applications shows it in the student's words.
    const status = await partner.request.post(
      `/api/dashboard/partner/leads/${applied.application_id}/status`,
      { headers: { "X-XSRF-TOKEN": await xsrfOf(partner) }, data: { status: "contacted" } },
    );
    expect(status.status(), await status.text()).toBe(200);
    await openPage(student, "/");
    await student.getByRole("button", { name: /^Account menu/ }).click();
    await student.getByRole("menuitem", { name: "My Applications" }).click();
    await expect(student).toHaveURL(/\/applications$/);
    const item = student.getByRole("listitem").filter({ hasText: "The school contacted you" });
    await expect(item).toBeVisible();
    await expect(item.getByRole("link", { name: /^Open the chat about/ })).toHaveAttribute(
      "href",
      `/chat/${applied.chat_id}`,
    );
    await expect(student.getByLabel("City")).toHaveValue("London");
    await shoot(student, "applications");

    // The unread reply is e-mailed once the chat has been quiet (10 s in this suite).
    await expect
      .poll(
        async () =>
          (await outboxFor(student, email)).filter((mail) => mail.kind === "reply_digest").length,
        { timeout: 45_000 },
      )
      .toBe(1);
    const [digest] = (await outboxFor(student, email)).filter(
      (mail) => mail.kind === "reply_digest",
    );
    expect(digest?.subject).toBe("Your advisor replied: 1 unread reply");
    expect(digest?.text).toContain("/notifications/unsubscribe?token=");
  } finally {
    await partnerContext.close();
    await advisorContext.close();
    await studentContext.close();
  }
});

test("after Sign in to apply, the form reopens on the programme", async ({ page }) => {
  const email = await registerUser({ firstName: "José", lastName: "García" });
  const list = (await (
    await page.request.get("/api/academics/course/list?page_size=20&ordering=-name", {
      maxRetries: 2,
    })
  ).json()) as { results: { slug: string }[] };
  await openPage(page, `/course/${list.results[7]!.slug}`);
  await page.getByRole("button", { name: "Apply Now" }).click();
  const modal = page.getByRole("dialog", { name: "Welcome back" });
  await expect(modal).toContainText("Sign in to apply to this programme.");
  await modal.getByLabel("Email").fill(email);
  await modal.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await modal.getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog", { name: "Apply Here" });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
});

test("/settings turns the reply e-mails off, and /applications edits the profile", async ({
  page,
}) => {
  const email = await registerUser({ firstName: "Li", lastName: "Wu" });
  await signInThroughApi(page, email);
  await openPage(page, "/settings");
  const replies = page.getByRole("checkbox", { name: /advisor replies/ });
  await expect(replies).toBeChecked();
  await replies.uncheck();
  await expect(
    page.getByRole("status").filter({ hasText: "notification settings are saved" }),
  ).toBeVisible();
  await openPage(page, "/settings");
  await expect(page.getByRole("checkbox", { name: /advisor replies/ })).not.toBeChecked();
  await page.getByRole("heading", { name: "Notifications" }).scrollIntoViewIfNeeded();
  await shoot(page, "settings");

  await openPage(page, "/applications");
  await expect(page.getByText("You have not applied to a programme yet.")).toBeVisible();
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Choose a title: Mr, Mrs, Miss or Dr.")).toBeVisible();
  await page.getByLabel("Title").selectOption("Dr");
  await page.getByLabel("Sex").selectOption("Other");
  await page.getByLabel("Phone number").fill("+86 10 1234 5678");
  await page.getByLabel("Date of birth").fill("1998-02-03");
  await page.getByLabel("Country of residence").selectOption({ index: 1 });
  await page.getByLabel("Nationality").selectOption({ index: 2 });
  await page.getByLabel("Address").fill("1 Chang'an Avenue");
  await page.getByLabel("City").fill("Beijing");
  await page.getByLabel("Zip code").fill("100000");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "applicant profile is saved" }),
  ).toBeVisible();
  await openPage(page, "/applications");
  await expect(page.getByLabel("City")).toHaveValue("Beijing");
  await shoot(page, "profile");
});
