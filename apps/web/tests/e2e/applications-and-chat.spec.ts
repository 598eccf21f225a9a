// A student applies and talks to the advisor live
// (docs/decisions/012-applications-and-live-chat.md): two browser contexts. The advisor (demo
// account, user id 316) has /chat open; a new student applies from a programme page with the
// keyboard only, is sent to /chat/{id}, the advisor sees the new chat appear without reloading and
// replies, and the student sees the reply without reloading. axe finds no serious or critical issue
// on the dialog and on /chat.
import { expect, test } from "@playwright/test";

import { registerUser, signInThroughApi, uniqueEmail } from "./support/accounts.ts";
import { openPage } from "./support/navigation.ts";
import { severeViolations } from "./support/axe.ts";
import { applyThroughApi, someProgramme } from "./support/applications.ts";
import { secondAdvisorStepsAway } from "./support/advisors.ts";

const ADVISOR = { email: "advisor@studyatlas.test", password: "Demo1234!" };

// These tests watch the spec's advisor (316) receive the new chats (ADR 058: the demo's second
// advisor steps away from the rotation).
test.beforeAll(async () => {
  await secondAdvisorStepsAway();
});

test("a student applies with the keyboard, lands in the chat, and talks live with the advisor", async ({
  browser,
}) => {
  const advisorContext = await browser.newContext();
  const studentContext = await browser.newContext();
  try {
    const advisor = await advisorContext.newPage();
    await signInThroughApi(advisor, ADVISOR.email, ADVISOR.password);
    await openPage(advisor, "/chat");
    await expect(advisor.getByRole("heading", { name: "Previous Chats" })).toBeVisible();
    // The live socket is open before the student applies.
    await expect(advisor.locator('[data-live="live"]')).toBeVisible();

    const student = await studentContext.newPage();
    const email = uniqueEmail("applicant");
    await registerUser({ email, firstName: "Marie", lastName: "Curie" });
    await signInThroughApi(student, email);
    const programme = await someProgramme(student, 1);
    await openPage(student, `/course/${programme.slug}?ref=DEMOPARTNER`);

    // Keyboard only: focus 'Apply Now' and press Enter; the dialog takes the focus.
    await student.getByRole("button", { name: "Apply Now" }).focus();
    await student.keyboard.press("Enter");
    const dialog = student.getByRole("dialog", { name: "Apply Here" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveValue(email);
    await expect(dialog.getByLabel("Email")).toHaveAttribute("readonly", "");
    await expect(dialog.getByRole("option", { name: "Germany" }).first()).toBeAttached();
    expect(await severeViolations(student)).toEqual([]);

    // Submitting empty shows each field's message under it.
    await dialog.getByRole("button", { name: "Submit" }).focus();
    await student.keyboard.press("Enter");
    await expect(dialog.getByText("Choose a title: Mr, Mrs, Miss or Dr.")).toBeVisible();
    await expect(dialog.getByLabel("Title")).toBeFocused();
    expect(await severeViolations(student)).toEqual([]);

    // Fill every field from the keyboard (Title already has the focus). The date field's
    // calendar button is a tab stop of its own in Chromium, so each field is focused directly.
    const typeInto = async (label: string, text: string) => {
      await dialog.getByLabel(label, { exact: true }).focus();
      await student.keyboard.type(text);
    };
    await student.keyboard.type("Dr");
    await student.keyboard.press("Tab");
    await student.keyboard.type("Female");
    await typeInto("Phone number", "+33 1 23 45 67 89");
    await typeInto("Date of birth", "11071995");
    await typeInto("Country of residence", "France");
    await typeInto("Nationality", "Poland");
    await typeInto("Address", "36 Quai de Bethune");
    await typeInto("City", "Paris");
    await typeInto("Zip code", "75004");
    await expect(dialog.getByLabel("Title")).toHaveValue("Dr");
    await expect(dialog.getByLabel("Sex")).toHaveValue("Female");
    await expect(dialog.getByLabel("Date of birth")).toHaveValue("1995-11-07");
    await student.keyboard.press("Enter");

    await expect(dialog.getByText("Application submitted successfully!")).toBeVisible();
    await student.waitForURL(/\/chat\/\d+$/);
    const chatId = Number(new URL(student.url()).pathname.split("/").pop());
    await expect(student.getByRole("heading", { name: "Ava Advisor" })).toBeVisible();
    await expect(student.getByText(/^Advisor · /)).toBeVisible();
    await expect(student.getByText("Live", { exact: true })).toBeVisible();
    expect(await severeViolations(student)).toEqual([]);

    // The advisor's list shows the new chat without a reload; opening it shows the application.
    const newChat = advisor.locator(`a[href="/chat/${chatId}"]`);
    await expect(newChat).toContainText("Marie Curie");
    await expect(newChat).toContainText("No messages yet");

    // The student writes first, from the keyboard (Enter sends).
    await student.getByRole("textbox", { name: "Message" }).focus();
    await student.keyboard.type("Bonjour! Which documents do you need from me?");
    await student.keyboard.press("Enter");
    const studentMessages = student.getByRole("list", { name: "Messages with Ava Advisor" });
    await expect(studentMessages).toContainText("Bonjour! Which documents do you need from me?");
    await expect(student.getByRole("textbox", { name: "Message" })).toHaveValue("");

    // The advisor sees it arrive, with an unread badge, and opens the chat.
    await expect(newChat).toContainText("Bonjour! Which documents");
    await expect(newChat).toContainText("1 unread");
    await newChat.click();
    await advisor.waitForURL(`**/chat/${chatId}`);
    // Opening it reads it: the badge goes, and the server knows.
    await expect(newChat).not.toContainText("unread");
    await expect
      .poll(async () => {
        const answer = await advisor.request.get("/api/chats", { maxRetries: 2 });
        const { results } = (await answer.json()) as { results: { id: number; unread: number }[] };
        return results.find((chat) => chat.id === chatId)?.unread;
      })
      .toBe(0);
    const panel = advisor.getByRole("complementary", { name: "Application" });
    await expect(panel).toContainText(programme.name);
    await expect(panel).toContainText("Dr Marie Curie");
    await expect(panel).toContainText("DEMOPARTNER (Pat Partner)");
    expect(await severeViolations(advisor)).toEqual([]);
    await advisor
      .getByRole("textbox", { name: "Message" })
      .fill("Your passport and transcripts, please: https://example.com/checklist");
    await advisor.getByRole("button", { name: "Send message" }).click();

    // The student sees the reply without reloading, on the left, with its link clickable.
    await expect(studentMessages).toContainText("Your passport and transcripts, please");
    await expect(
      studentMessages.getByRole("link", { name: "https://example.com/checklist" }),
    ).toHaveAttribute("target", "_blank");
    await expect(studentMessages.locator('li[data-own="false"]')).toHaveCount(1);
    await expect(studentMessages.locator('li[data-own="true"]')).toHaveCount(1);
  } finally {
    await advisorContext.close();
    await studentContext.close();
  }
});

test("signed out, Apply Now opens the sign-in prompt and /chat sends to sign in and back", async ({
  page,
}) => {
  const programme = await someProgramme(page, 2);
  await openPage(page, `/course/${programme.slug}`);
  await page.getByRole("button", { name: "Apply Now" }).click();
  await expect(
    page.getByRole("dialog").getByText("Sign in to apply to this programme."),
  ).toBeVisible();
  await openPage(page, "/chat");
  await expect(page).toHaveURL(/\/auth\?next=%2Fchat$/);
});

test("a second application to the same programme, sent from a page opened before, says so with the chat's link", async ({
  page,
}) => {
  const email = await registerUser({ firstName: "Ada", lastName: "Byron" });
  await signInThroughApi(page, email);
  const programme = await someProgramme(page, 3);
  // The page is opened first, then the application goes from "another tab" (the API): the page
  // still offers Apply Now, and the server's 409 is the answer (ADR 057).
  await openPage(page, `/course/${programme.slug}`);
  await expect(page.getByRole("button", { name: "Apply Now" })).toBeVisible();
  const chatId = await applyThroughApi(page, programme.slug, email);

  await page.getByRole("button", { name: "Apply Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Apply Here" });
  await dialog.getByLabel("Title").selectOption("Mrs");
  await dialog.getByLabel("Sex").selectOption("Female");
  await dialog.getByLabel("Phone number").fill("+44 20 7946 0000");
  await dialog.getByLabel("Date of birth").fill("1990-12-10");
  await dialog.getByLabel("Country of residence").selectOption({ index: 1 });
  await dialog.getByLabel("Nationality").selectOption({ index: 2 });
  await dialog.getByLabel("Address").fill("12 St James's Square");
  await dialog.getByLabel("City").fill("London");
  await dialog.getByLabel("Zip code").fill("SW1Y 4JH");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.getByRole("alert")).toContainText(
    "You have already applied to this programme. Your advisor will reply in your chat about it.",
  );
  await expect(
    dialog.getByRole("link", { name: "Open the chat about your application" }),
  ).toHaveAttribute("href", `/chat/${chatId}`);
  await expect(dialog.getByRole("button", { name: "Submit" })).toBeEnabled();
});

test("an open chat stops and says Signed out when its session ends in another tab", async ({
  page,
}) => {
  const email = await registerUser({ firstName: "Ada", lastName: "Byron" });
  await signInThroughApi(page, email);
  const programme = await someProgramme(page, 5);
  const chatId = await applyThroughApi(page, programme.slug, email);
  await openPage(page, `/chat/${chatId}`);
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();

  // Another tab of the same browser signs out: the server closes this page's socket (4401).
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === "XSRF-TOKEN");
  const signedOut = await page.request.post("/api/account/logout", {
    headers: { "X-XSRF-TOKEN": xsrf?.value ?? "" },
  });
  expect(signedOut.status(), await signedOut.text()).toBeLessThan(300);
  await expect(page.getByRole("status").filter({ hasText: "Signed out" })).toBeVisible();
});

for (const width of [1280, 375]) {
  test(`/chat at ${width} px has no serious or critical axe violations`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInThroughApi(page, ADVISOR.email, ADVISOR.password);
    await openPage(page, "/chat");
    await expect(page.getByRole("heading", { name: "Previous Chats" })).toBeVisible();
    expect(await severeViolations(page)).toEqual([]);
  });
}
