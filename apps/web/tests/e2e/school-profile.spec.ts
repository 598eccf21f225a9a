// The school profile on the partner dashboard, end to end (about, video, city, logo and banner):
// the demo partner changes the city and uploads a logo (a real PNG drawn by sharp), sees the
// preview and the result, and finds both on the public school page at once. axe at 1280 and 375 px.
import { expect, test } from "@playwright/test";
import sharp from "sharp";

import { severeViolations } from "./support/axe.ts";

test("the partner uploads a logo and changes the city, and sees both on the public school page", async ({
  page,
}) => {
  await page.goto("/dashboard/partner/login");
  await page.getByLabel("Email").fill("partner@studyatlas.test");
  await page.getByLabel("Password", { exact: true }).fill("Demo1234!");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL("**/dashboard/partner");

  await page
    .getByRole("navigation", { name: "Partner dashboard" })
    .getByRole("link", {
      name: "School profile",
    })
    .click();
  await page.waitForURL("**/dashboard/partner/school");
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await severeViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const publicLink = page.getByRole("link", { name: "View the public school page" });
  const schoolPath = await publicLink.getAttribute("href");
  expect(schoolPath).toMatch(/^\/school\//);

  // A clear error for a file that is not an image, whatever its name says.
  const logoInput = page.getByLabel("Choose a logo image");
  await logoInput.setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("this is not a picture"),
  });
  await page.getByRole("button", { name: "Upload logo" }).click();
  await expect(page.getByRole("alert")).toHaveText(/not an image we can read/);
  await expect(logoInput).toBeFocused();

  const city = `Lakeside ${Date.now().toString(36)}`;
  await page.getByLabel("City").fill(city);
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  const logo = await sharp({
    create: {
      width: 320,
      height: 200,
      channels: 4,
      background: { r: 190, g: 30, b: 80, alpha: 1 },
    },
  })
    .png()
    .toBuffer();
  await logoInput.setInputFiles({ name: "new-logo.png", mimeType: "image/png", buffer: logo });
  await expect(page.getByRole("img", { name: "Chosen logo, not uploaded yet" })).toBeVisible();
  await page.getByRole("button", { name: "Upload logo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Logo uploaded" })).toBeVisible();
  const current = page.getByTestId("current-logo");
  await expect(current).toHaveAttribute("src", /^\/media\/uploads\/[0-9a-f]{64}\.webp$/);
  const logoUrl = (await current.getAttribute("src"))!;
  expect(await current.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(256);

  // The public page shows both (the catalogue cache empties on the change notice).
  await expect(async () => {
    await page.goto(schoolPath!);
    await expect(page.locator(`img[src="${logoUrl}"]`).first()).toBeVisible({ timeout: 1000 });
    await expect(page.getByText(city).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  expect(
    await page
      .locator(`img[src="${logoUrl}"]`)
      .first()
      .evaluate((image: HTMLImageElement) => image.naturalWidth),
  ).toBe(256);
});
