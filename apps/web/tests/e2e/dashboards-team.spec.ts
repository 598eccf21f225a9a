// An organisation's team, end to end (docs/decisions/056-organisation-membership.md): the demo
// partner (an owner) invites a teammate as editor on the Team page; the teammate opens the
// e-mailed link, signs up through it and lands on the dashboard; on the Team page an editor sees
// the members but no invitation form and no role controls, and the API refuses a role change
// (403). axe at 1280 and 375 px (landmark findings of any impact too), with screenshots.
import { expect, test } from "@playwright/test";

import { mailedLink, PASSWORD, uniqueEmail } from "./support/accounts.ts";
import { severeOrLandmarkViolations as severeViolations } from "./support/landmarks.ts";

// Three people's pages, each checked at two widths: slow on a loaded machine.
test.describe.configure({ timeout: 240_000 });

test("an invited teammate signs up as editor and cannot change the team", async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const editorContext = await browser.newContext();
  try {
    const owner = await ownerContext.newPage();
    await owner.goto("/dashboard/partner/login");
    await owner.getByLabel("Email").fill("partner@studyatlas.test");
    await owner.getByLabel("Password", { exact: true }).fill("Demo1234!");
    await owner.getByRole("button", { name: "Sign In" }).click();
    await owner.waitForURL("**/dashboard/partner");
    await owner
      .getByRole("navigation", { name: "Partner dashboard" })
      .getByRole("link", { name: "Team" })
      .click();
    await owner.waitForURL("**/dashboard/partner/team");
    await expect(owner.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();

    const email = uniqueEmail("teammate");
    await owner.getByLabel("E-mail of your teammate").fill(email);
    await owner.getByLabel("Role", { exact: true }).selectOption("editor");
    await owner.getByRole("button", { name: "Send invitation" }).click();
    await expect(owner.getByRole("status").filter({ hasText: "can now join" })).toContainText(
      `${email} can now join as Editor`,
    );
    await expect(owner.getByRole("cell", { name: email, exact: true })).toBeVisible();
    for (const width of [1280, 375]) {
      await owner.setViewportSize({ width, height: 800 });
      expect(await severeViolations(owner)).toEqual([]);
      await owner.screenshot({ path: `/tmp/partner-team-owner-${width}.png`, fullPage: true });
    }

    const editor = await editorContext.newPage();
    await editor.goto(await mailedLink(editor.request, email, "team_invitation"));
    await expect(editor.getByRole("heading", { level: 1 })).toContainText("Join");
    await expect(editor.getByText("You are invited as")).toContainText("Editor");
    for (const width of [1280, 375]) {
      await editor.setViewportSize({ width, height: 800 });
      expect(await severeViolations(editor)).toEqual([]);
      await editor.screenshot({ path: `/tmp/partner-team-join-${width}.png`, fullPage: true });
    }
    await editor.setViewportSize({ width: 1280, height: 800 });
    await editor.getByLabel("First name").fill("Eda");
    await editor.getByLabel("Last name").fill("Editor");
    await editor.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await editor.getByRole("button", { name: "Join" }).click();
    await editor.waitForURL("**/dashboard/partner");

    await editor.goto("/dashboard/partner/team");
    await expect(editor.getByText("Your role:")).toContainText("Editor");
    await expect(editor.getByRole("cell", { name: email, exact: true })).toBeVisible();
    await expect(editor.getByLabel("E-mail of your teammate")).toHaveCount(0);
    await expect(editor.getByRole("combobox")).toHaveCount(0);
    await expect(editor.getByRole("button", { name: /^Remove / })).toHaveCount(0);
    for (const width of [1280, 375]) {
      await editor.setViewportSize({ width, height: 800 });
      expect(await severeViolations(editor)).toEqual([]);
      await editor.screenshot({ path: `/tmp/partner-team-editor-${width}.png`, fullPage: true });
    }

    // The API says no too, whatever the page shows.
    const xsrf = (await editorContext.cookies()).find((cookie) => cookie.name === "XSRF-TOKEN");
    const team = await editor.request.get("/api/dashboard/partner/team", {
      headers: { "X-XSRF-TOKEN": xsrf?.value ?? "" },
    });
    const members = ((await team.json()) as { members: { id: number; role: string }[] }).members;
    const someone = members.find((member) => member.role === "owner")!;
    const refused = await editor.request.put(`/api/dashboard/partner/team/members/${someone.id}`, {
      data: { role: "viewer" },
      headers: { "X-XSRF-TOKEN": xsrf?.value ?? "" },
    });
    expect(refused.status()).toBe(403);
    // Lead delivery (the webhook secret) is for owners: the page sends an editor home.
    await editor.goto("/dashboard/partner/settings");
    await editor.waitForURL("**/dashboard/partner");
  } finally {
    await ownerContext.close();
    await editorContext.close();
  }
});
