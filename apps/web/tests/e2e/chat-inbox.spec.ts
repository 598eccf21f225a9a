// Files in chat and the advisors' inbox (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md),
// in Chromium at 1280 and 375 px: a student sends a PDF with the paperclip, both sides see its chip
// and the advisor downloads the same bytes, while another student gets 404 for it and a file of
// another type is refused in words; an advisor moves a chat to the second advisor, who sees it
// arrive live under Mine and finds it by a word of a message, and it leaves the first advisor's
// list; a chat left with nobody reaches the other advisor's Unassigned live and leaves it when
// answered; the "Taking new chats" switch; filters, close, axe clean at both widths.
import { readFile } from "node:fs/promises";

import { expect, test, type Browser, type Page } from "@playwright/test";

import { registerUser, signInThroughApi } from "./support/accounts.ts";
import { ADVISOR, SECOND_ADVISOR, secondAdvisorStepsAway } from "./support/advisors.ts";
import { severeViolations } from "./support/axe.ts";
import { openPage } from "./support/navigation.ts";

const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

test.beforeAll(async () => {
  await secondAdvisorStepsAway();
});

/** Letters only, unique in the run: the student's name finds their chat in a list. */
function uniqueName(): string {
  return `Inbox${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
}

async function xsrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
}

/** A signed-in student with a new application; answers the chat id. */
async function studentWithChat(page: Page, lastName: string, index: number): Promise<number> {
  const email = await registerUser({ firstName: "Amara", lastName });
  await signInThroughApi(page, email);
  const list = (await (
    await page.request.get("/api/academics/course/list?page_size=50&ordering=name", {
      maxRetries: 2,
    })
  ).json()) as { results: { id: number }[] };
  const countries = (await (
    await page.request.get("/api/academics/country/list", { maxRetries: 2 })
  ).json()) as { results: { id: number }[] };
  const created = await page.request.post("/api/academics/course/create_interest", {
    headers: { "X-XSRF-TOKEN": await xsrf(page) },
    data: {
      course: list.results[index]!.id,
      title: "Miss",
      firstName: "Amara",
      lastName,
      email,
      sex: "Female",
      country: countries.results[0]!.id,
      nationality: countries.results[1]!.id,
      date_of_birth: "2001-04-02",
      phone_number: "+234 1 000 0000",
      address: "3 Marina Road",
      city: "Lagos",
      zip_code: "101001",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { chat_id: number }).chat_id;
}

async function signedIn(
  browser: Browser,
  account: { email: string; password: string },
  width = 1280,
) {
  const context = await browser.newContext({
    viewport: { width, height: 800 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await signInThroughApi(page, account.email, account.password);
  return { context, page };
}

test("a student sends a PDF; the advisor downloads it; another student gets 404; other types are refused", async ({
  browser,
}) => {
  const studentContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const advisor = await signedIn(browser, ADVISOR);
  const outsider = await browser.newContext();
  try {
    const student = await studentContext.newPage();
    const chatId = await studentWithChat(student, uniqueName(), 3);
    await openPage(student, `/chat/${chatId}`);
    await expect(student.locator('[data-live="live"]')).toBeVisible();

    await student
      .getByLabel("Attach a file (PDF, JPEG or PNG)")
      .setInputFiles({ name: "Transcript 2026.pdf", mimeType: "application/pdf", buffer: PDF });
    const chip = student.getByRole("link", { name: /^Download PDF Transcript 2026\.pdf \d+ B$/ });
    await expect(chip).toBeVisible();

    // A page disguised as a PDF is refused by its bytes, in words.
    await student.getByLabel("Attach a file (PDF, JPEG or PNG)").setInputFiles({
      name: "cv.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html><script>alert(1)</script></html>"),
    });
    await expect(student.getByRole("alert")).toHaveText(
      "Only PDF, JPEG and PNG files can be sent.",
    );
    await student.screenshot({ path: "/tmp/advisor-inbox-attachment-1280.png" });
    expect(await severeViolations(student)).toEqual([]);
    await student.setViewportSize({ width: 375, height: 800 });
    await expect(chip).toBeVisible();
    await student.screenshot({ path: "/tmp/advisor-inbox-attachment-375.png" });
    expect(await severeViolations(student)).toEqual([]);

    // The advisor sees the chip live and downloads the same bytes.
    await openPage(advisor.page, `/chat/${chatId}`);
    const advisorChip = advisor.page.getByRole("link", {
      name: /^Download PDF Transcript 2026\.pdf/,
    });
    await expect(advisorChip).toBeVisible();
    const downloading = advisor.page.waitForEvent("download");
    await advisorChip.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("Transcript 2026.pdf");
    expect((await readFile(await download.path())).equals(PDF)).toBe(true);

    // Another student, and anyone signed out: 404.
    const href = (await advisorChip.getAttribute("href"))!;
    const other = await outsider.newPage();
    expect((await other.request.get(href)).status()).toBe(404);
    await signInThroughApi(other, await registerUser({ firstName: "Olu", lastName: uniqueName() }));
    const refused = await other.request.get(href);
    expect(refused.status()).toBe(404);
    expect((await refused.body()).includes(PDF)).toBe(false);
  } finally {
    await studentContext.close();
    await advisor.context.close();
    await outsider.close();
  }
});

test("an advisor moves a chat to the second advisor, who finds it live under Mine and by search", async ({
  browser,
}) => {
  // Three browsers and axe scans at two widths: more than the default under a loaded machine.
  test.setTimeout(180_000);
  const studentContext = await browser.newContext();
  const ava = await signedIn(browser, ADVISOR);
  const ben = await signedIn(browser, SECOND_ADVISOR);
  try {
    const student = await studentContext.newPage();
    const name = uniqueName();
    const chatId = await studentWithChat(student, name, 4);
    const word = `quokka${name.slice(-5)}`;
    const sent = await student.request.post(`/api/chats/${chatId}/messages`, {
      headers: { "X-XSRF-TOKEN": await xsrf(student) },
      data: { content: `Do you accept the ${word} certificate?` },
    });
    expect(sent.status()).toBe(201);

    await openPage(ben.page, "/chat?filter=mine");
    await expect(ben.page.locator('[data-live="live"]')).toBeVisible();
    const inBensList = ben.page.getByRole("link", { name: new RegExp(name) });
    await expect(inBensList).toHaveCount(0);

    await openPage(ava.page, `/chat/${chatId}`);
    await expect(ava.page.getByLabel("Assigned to")).toHaveValue("316");
    await ava.page.getByLabel("Assigned to").selectOption({ label: "Ben Advisor" });
    await ava.page.getByRole("button", { name: "Assign", exact: true }).click();
    // It leaves Ava's view and list.
    await expect(ava.page).toHaveURL(/\/chat$/);
    await expect(ava.page.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
    expect((await ava.page.request.get(`/api/chats/${chatId}/messages`)).status()).toBe(404);

    // It arrives in Ben's "Mine" without a reload.
    await expect(inBensList).toBeVisible();
    await inBensList.click();
    await expect(ben.page).toHaveURL(new RegExp(`/chat/${chatId}\\?filter=mine$`));
    await expect(ben.page.getByLabel("Assigned to")).toHaveValue(/\d+/);
    await ben.page.screenshot({ path: "/tmp/advisor-inbox-inbox-1280.png" });
    expect(await severeViolations(ben.page)).toEqual([]);

    // Unassigned does not list it; a search for a word of the message does.
    await ben.page.getByRole("link", { name: "Unassigned", exact: true }).click();
    await expect(ben.page.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
    // The search form carries the current filter: wait until "Open" is the one shown, or a slow
    // navigation would search within Unassigned.
    const open = ben.page.getByRole("link", { name: "Open", exact: true });
    await open.click();
    await expect(ben.page).toHaveURL(/\/chat$/);
    await expect(open).toHaveAttribute("aria-current", "true");
    await ben.page.getByLabel("Search conversations").fill(word);
    await ben.page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(ben.page).toHaveURL(new RegExp(`/chat\\?q=${word}$`));
    await expect(ben.page.getByRole("link", { name: new RegExp(name) })).toHaveCount(1);

    // Closed, it moves to "Closed".
    await ben.page.getByRole("link", { name: new RegExp(name) }).click();
    await ben.page.getByRole("button", { name: "Close", exact: true }).click();
    await expect(
      ben.page.getByRole("status").filter({ hasText: "The chat is closed." }),
    ).toBeVisible();
    await openPage(ben.page, "/chat?filter=closed");
    await expect(ben.page.getByRole("link", { name: new RegExp(name) })).toBeVisible();

    await ben.page.setViewportSize({ width: 375, height: 800 });
    await openPage(ben.page, `/chat/${chatId}?filter=closed`);
    await expect(ben.page.getByRole("button", { name: "Reopen" })).toBeVisible();
    await ben.page.screenshot({ path: "/tmp/advisor-inbox-inbox-375.png" });
    expect(await severeViolations(ben.page)).toEqual([]);
    await openPage(ben.page, "/chat?filter=closed");
    await ben.page.screenshot({ path: "/tmp/advisor-inbox-list-375.png" });
    expect(await severeViolations(ben.page)).toEqual([]);
  } finally {
    await studentContext.close();
    await ava.context.close();
    await ben.context.close();
  }
});

test("a chat left with nobody reaches the other advisor's Unassigned live, at 375 px, and answering it takes it", async ({
  browser,
}) => {
  // Three browsers and axe scans at two widths: more than the default under a loaded machine.
  test.setTimeout(180_000);
  const studentContext = await browser.newContext();
  const ava = await signedIn(browser, ADVISOR);
  const ben = await signedIn(browser, SECOND_ADVISOR, 375);
  try {
    const student = await studentContext.newPage();
    const name = uniqueName();
    const chatId = await studentWithChat(student, name, 6);

    await openPage(ben.page, "/chat?filter=unassigned");
    await expect(ben.page.locator('[data-live="live"]')).toBeVisible();
    const inBensList = ben.page.getByRole("link", { name: new RegExp(name) });
    await expect(inBensList).toHaveCount(0);

    await openPage(ava.page, `/chat/${chatId}`);
    await ava.page.getByLabel("Assigned to").selectOption({ label: "Nobody (unassigned)" });
    await ava.page.getByRole("button", { name: "Assign", exact: true }).click();
    await expect(
      ava.page.getByRole("status").filter({ hasText: "The chat is now unassigned." }),
    ).toBeVisible();

    // Ben's Unassigned shows it without a reload, and the student's next message too.
    await expect(inBensList).toBeVisible();
    const sent = await student.request.post(`/api/chats/${chatId}/messages`, {
      headers: { "X-XSRF-TOKEN": await xsrf(student) },
      data: { content: `Still waiting, ${name}` },
    });
    expect(sent.status()).toBe(201);
    await expect(inBensList).toContainText(`Still waiting, ${name}`);
    await ben.page.screenshot({ path: "/tmp/advisor-inbox-unassigned-375.png" });
    expect(await severeViolations(ben.page)).toEqual([]);

    // Ben answers it and so takes it: it leaves Ava's Unassigned without a reload.
    await openPage(ava.page, "/chat?filter=unassigned");
    await expect(ava.page.getByRole("link", { name: new RegExp(name) })).toBeVisible();
    await inBensList.click();
    await expect(ben.page).toHaveURL(new RegExp(`/chat/${chatId}`));
    await ben.page.getByRole("textbox", { name: "Message" }).fill("Ben here, I'll help you.");
    await ben.page.getByRole("button", { name: "Send message" }).click();
    await expect(ben.page.getByLabel("Assigned to")).toHaveValue(/\d+/);
    await expect(ava.page.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
  } finally {
    await studentContext.close();
    await ava.context.close();
    await ben.context.close();
  }
});

test("an advisor stops and resumes taking new chats with the switch above the inbox", async ({
  browser,
}) => {
  for (const width of [1280, 375]) {
    const ava = await signedIn(browser, ADVISOR, width);
    try {
      await openPage(ava.page, "/chat");
      const taking = ava.page.getByRole("switch", { name: "Taking new chats" });
      await expect(taking).toBeChecked();
      await taking.press("Space");
      await expect(taking).not.toBeChecked();
      await expect(ava.page.getByText("Your open chats stay yours.")).toBeVisible();
      await ava.page.screenshot({ path: `/tmp/advisor-inbox-not-taking-${width}.png` });
      expect(await severeViolations(ava.page)).toEqual([]);
      const advisors = (await (await ava.page.request.get("/api/inbox/advisors")).json()) as {
        results: { id: number; accepting: boolean }[];
      };
      expect(advisors.results.find((advisor) => advisor.id === 316)?.accepting).toBe(false);
      // It stays off across a reload, and is turned back on (the other specs' chats go to Ava).
      await openPage(ava.page, "/chat");
      await expect(taking).not.toBeChecked();
      await taking.click();
      await expect(taking).toBeChecked();
      await expect(ava.page.getByText("New chats come to you in turn.")).toBeVisible();
    } finally {
      await ava.context.close();
    }
  }
});
