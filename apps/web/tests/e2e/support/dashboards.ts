// The dashboards' demo accounts and their sign-in doors (docs/decisions/016-organisations-and-
// dashboards.md), shared by the partner and sales specs.
import type { Page } from "@playwright/test";

export const PARTNER = { email: "partner@studyatlas.test", password: "Demo1234!" };
export const SALES = { email: "sales@studyatlas.test", password: "Demo1234!" };

/** Fills and sends a dashboard door's sign-in form (`/dashboard/partner/login`, …). */
export async function signInAtDoor(page: Page, door: string, email: string, password: string) {
  await page.goto(door);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}
