// The wishlist end to end: a signed-out heart opens the sign-in modal; after
// signing in, the heart saves (note, saved state); the programme is in the drawer; removing it
// there makes its card disappear and clears the finder's heart.
import { expect, test } from "@playwright/test";

import { PASSWORD, registerUser, signInThroughApi } from "./support/accounts.ts";
import { openPage } from "./support/navigation.ts";

test("heart signed out → sign in → save → see it in the drawer → remove it there", async ({
  page,
}) => {
  // An existing account, created outside this browser.
  const email = await registerUser();

  await openPage(page, "/coursefinder?ordering=name");
  const firstCard = page.locator("article").first();
  const heart = firstCard.getByRole("button", { name: /wishlist$/ });
  await expect(heart).toHaveAttribute("aria-pressed", "false");

  // Signed out: the sign-in modal opens, saying why.
  await heart.click();
  const modal = page.getByRole("dialog", { name: "Welcome back" });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText("Sign in to save programmes to your wishlist.");

  // Sign in through the modal; the page reloads signed in.
  await modal.getByLabel("Email").fill(email);
  await modal.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await modal.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Wishlist", exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // Save: the note for 2 seconds and the saved state.
  const courseName = (await firstCard.getByRole("heading").innerText()).trim();
  const savedHeart = page
    .locator("article")
    .first()
    .getByRole("button", { name: /wishlist$/ });
  await expect(savedHeart).toHaveAttribute("aria-pressed", "false");
  await savedHeart.click();
  await expect(page.locator("article").first().locator("[aria-live]")).toHaveText(
    "Added to wishlist!",
  );
  await expect(savedHeart).toHaveAttribute("aria-pressed", "true");
  await expect(savedHeart).toHaveAccessibleName(/^Remove .* from wishlist$/);
  // The note goes after 2 seconds.
  await expect(page.locator("article").first().locator("[aria-live]")).toHaveText("", {
    timeout: 4000,
  });

  // The header's wishlist icon opens the drawer, which loads the saved programme.
  await page.getByRole("button", { name: "Wishlist", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "My WishList" });
  await expect(drawer).toBeVisible();
  const box = await drawer.boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(400);
  const saved = drawer.getByRole("listitem");
  await expect(saved).toHaveCount(1);
  const courseLink = saved.getByRole("link", { name: courseName.replace(/…$/, ""), exact: false });
  await expect(courseLink).toHaveAttribute("href", /^\/course\/[\w-]+$/);
  await expect(saved.getByRole("link").first()).toHaveAttribute("href", /^\/school\/[\w-]+$/);

  // Remove it in the drawer: the card disappears, and the finder's heart clears.
  await saved.getByRole("button", { name: /^Remove .* from wishlist$/ }).click();
  await expect(saved).toHaveCount(0);
  await expect(drawer).toContainText("Your wishlist is empty.");
  await expect(savedHeart).toHaveAttribute("aria-pressed", "false");

  // Escape closes the drawer (after its 500 ms animation) and gives the focus back.
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(page.getByRole("button", { name: "Wishlist", exact: true })).toBeFocused();

  // The server agrees: nothing saved.
  const list = await page.request.get("/api/wishlists/list", { maxRetries: 2 });
  expect(((await list.json()) as { count: number }).count).toBe(0);
});

test("a removal un-hearts the same programme on every card of the page, and the drawer closes on an outside click", async ({
  page,
}) => {
  await signInThroughApi(page, await registerUser());
  await openPage(page, "/");
  // The home page shows programmes in several rows; save the first one, then find every card of it.
  const firstHeart = page
    .locator("article")
    .first()
    .getByRole("button", { name: /to wishlist$/ });
  const label = (await firstHeart.getAttribute("aria-label")) ?? "";
  const courseName = label.replace(/^Save /, "").replace(/ to wishlist$/, "");
  await firstHeart.click();
  await expect(
    page.getByRole("button", { name: `Remove ${courseName} from wishlist` }).first(),
  ).toBeVisible();

  await page.getByRole("button", { name: "Wishlist", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "My WishList" });
  await expect(drawer.getByRole("listitem")).toHaveCount(1);
  await drawer.getByRole("button", { name: `Remove ${courseName} from wishlist` }).click();
  await expect(drawer.getByRole("listitem")).toHaveCount(0);
  // Outside the drawer: the backdrop.
  await page.mouse.click(100, 400);
  await expect(drawer).toBeHidden();
  await expect(
    page.getByRole("button", { name: `Remove ${courseName} from wishlist` }),
  ).toHaveCount(0);
  await expect(
    page.getByRole("button", { name: `Save ${courseName} to wishlist` }).first(),
  ).toHaveAttribute("aria-pressed", "false");
});
