// The chat where the student–advisor loop needs it (docs/decisions/050-recovery-codes-and-real-names.md,
// docs/decisions/012-applications-and-live-chat.md): at 375 px the advisor opens the student's
// application from a disclosure above the messages; a message near the 4,000-character limit
// shows a counter, one over it is refused in words (never cut); an unsent draft survives a reload.
import { expect, test } from "@playwright/test";

import { CHAT_MESSAGES } from "@studyatlas/schemas/chat.ts";

import { registerUser, signInThroughApi } from "./support/accounts.ts";
import { severeViolations } from "./support/axe.ts";
import { openPage } from "./support/navigation.ts";
import { applyThroughApi, someProgramme, type Applicant } from "./support/applications.ts";
import { secondAdvisorStepsAway } from "./support/advisors.ts";

const ADVISOR = { email: "advisor@studyatlas.test", password: "Demo1234!" };

const NGUGI: Applicant = {
  title: "Mr",
  firstName: "Ngũgĩ",
  lastName: "wa Thiong'o",
  sex: "Male",
  phone: "+254 20 000 0000",
  address: "1 University Way",
  city: "Nairobi",
  zip: "00100",
};

// These tests watch the spec's advisor (316) receive the new chats (ADR 058: the demo's second
// advisor steps away from the rotation).
test.beforeAll(async () => {
  await secondAdvisorStepsAway();
});

test("at 375 px the advisor opens the student's application above the messages", async ({
  browser,
}) => {
  const studentContext = await browser.newContext();
  const advisorContext = await browser.newContext({ viewport: { width: 375, height: 800 } });
  try {
    const student = await studentContext.newPage();
    const email = await registerUser({ firstName: "Ngũgĩ", lastName: "Thiong'o" });
    await signInThroughApi(student, email);
    const chatId = await applyThroughApi(
      student,
      (await someProgramme(student, 11)).slug,
      email,
      NGUGI,
    );

    const advisor = await advisorContext.newPage();
    await signInThroughApi(advisor, ADVISOR.email, ADVISOR.password);
    await openPage(advisor, `/chat/${chatId}`);
    // (The other disclosure on the screen is the advisor's saved replies, ADR 058.)
    const disclosure = advisor.locator("details").filter({ hasText: "Application" });
    const summary = disclosure.locator("summary");
    await expect(summary).toBeVisible();
    await expect(summary).toContainText("Application");
    // The wide screen's third column is not there on a phone; the disclosure is, closed.
    await expect(advisor.getByRole("complementary", { name: "Application" })).toBeHidden();
    await expect(disclosure.getByText(email)).toBeHidden();
    await advisor.screenshot({ path: test.info().outputPath("advisor-chat-375-closed.png") });

    // Opened with the keyboard.
    await summary.focus();
    await advisor.keyboard.press("Enter");
    await expect(disclosure.getByText(email)).toBeVisible();
    await expect(disclosure.getByText("1 University Way, 00100 Nairobi")).toBeVisible();
    const box = await disclosure.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await advisor.screenshot({ path: test.info().outputPath("advisor-chat-375-open.png") });
    expect(await severeViolations(advisor)).toEqual([]);
    // The input stays reachable under it.
    await expect(advisor.getByRole("textbox", { name: "Message" })).toBeVisible();
  } finally {
    await studentContext.close();
    await advisorContext.close();
  }
});

test("a long message shows a counter and is refused in words; a draft survives a reload", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const email = await registerUser({ firstName: "Zoë", lastName: "Müller" });
  await signInThroughApi(page, email);
  const chatId = await applyThroughApi(page, (await someProgramme(page, 12)).slug, email, NGUGI);
  await openPage(page, `/chat/${chatId}`);
  // The status word is hidden at 375 px; the screen says it is live.
  await expect(page.locator('[data-live="live"]')).toBeVisible();

  const input = page.getByRole("textbox", { name: "Message" });
  await input.fill("a".repeat(3600));
  await expect(page.getByText("3,600 / 4,000")).toBeVisible();
  // Pasting past the limit keeps every character: nothing is cut.
  await input.fill("b".repeat(4010));
  await expect(input).toHaveValue("b".repeat(4010));
  await expect(page.getByText("Remove 10 characters.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("alert")).toHaveText(CHAT_MESSAGES.tooLong);
  await page.screenshot({ path: test.info().outputPath("chat-too-long-375.png") });
  expect(await severeViolations(page)).toEqual([]);

  // A draft kept across a reload, then sent; after sending it is gone.
  await input.fill("Is there a scholarship for this programme?");
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue(
    "Is there a scholarship for this programme?",
  );
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");
  await expect(
    page
      .getByRole("list", { name: /^Messages with/ })
      .getByText("Is there a scholarship for this programme?"),
  ).toBeVisible();
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("");
});
