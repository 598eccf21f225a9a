// The home page's newsletter block: subscribe through the 'Complete your
// subscription' dialog, then again with the same address; the welcome e-mail's one-click
// unsubscribe link works without signing in, once.
import { expect, test } from "@playwright/test";

import { outboxFor, uniqueEmail } from "./support/accounts.ts";
import { openPage } from "./support/navigation.ts";

test("subscribe through the dialog, then again with the same address, then unsubscribe with the e-mail's link", async ({
  page,
}) => {
  await openPage(page, "/");
  const block = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Stay ahead with our newsletter" }) });
  const email = block.getByLabel("Email address");
  const subscribe = block.getByRole("button", { name: "Subscribe" });

  await email.fill("not-an-email");
  await subscribe.click();
  await expect(block.getByText("Email is not valid!")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");

  const address = uniqueEmail("news");
  await email.fill(address);
  await subscribe.click();
  const dialog = page.getByRole("dialog", { name: "Complete your subscription" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("First name")).toBeFocused();
  await dialog.getByRole("button", { name: "Confirm Subscription" }).click();
  await expect(dialog.getByText("Please enter your first name.")).toBeVisible();
  await dialog.getByLabel("First name").fill("Ada");
  await dialog.getByLabel("Last name").fill("Lovelace");
  await dialog.getByRole("button", { name: "Confirm Subscription" }).click();
  await expect(dialog).toBeHidden();
  await expect(block.getByRole("status")).toHaveText("Successfully subscribed!");
  await expect(email).toHaveValue("");

  // The same address again, in another case: the same answer (nobody can learn who is
  // subscribed), no second subscription and no second e-mail.
  await email.fill(address.toUpperCase());
  await subscribe.click();
  await dialog.getByLabel("First name").fill("Ada");
  await dialog.getByLabel("Last name").fill("Lovelace");
  await dialog.getByRole("button", { name: "Confirm Subscription" }).click();
  await expect(dialog).toBeHidden();
  await expect(block.getByRole("status")).toHaveText("Successfully subscribed!");
  await expect.poll(async () => (await outboxFor(page, address)).length).toBe(1);
  const mails = await outboxFor(page, address);
  expect(mails.map((mail) => mail.kind)).toEqual(["newsletter_welcome"]);

  // The welcome e-mail's unsubscribe link: one click, no sign-in; a second visit is harmless.
  const link = new URL(mails[0]?.link ?? "");
  expect(link.pathname).toBe("/newsletter/unsubscribe");
  await openPage(page, `${link.pathname}${link.search}`);
  await expect(page.locator("main").getByRole("status")).toHaveText(
    "You have been unsubscribed. You will not receive our newsletter any more.",
  );
  await openPage(page, `${link.pathname}${link.search}`);
  await expect(page.locator("main").getByRole("status")).toHaveText(
    "This address is already unsubscribed. You will not receive our newsletter.",
  );
});

test("the block is for desktop only", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openPage(page, "/");
  await expect(page.getByRole("heading", { name: "Stay ahead with our newsletter" })).toBeHidden();
});
