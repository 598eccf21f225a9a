// The site's own pages: a contact message reaches the support inbox's
// outbox; the FAQ opens one answer at a time; every footer link answers 200 (outside links come
// from the configuration); axe finds no serious or critical issue on each page, wide and narrow.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, test } from "@playwright/test";

import { outboxFor, registerUser, signInThroughApi, uniqueEmail } from "./support/accounts.ts";
import { openPage } from "./support/navigation.ts";

const SUPPORT_EMAIL = "support-inbox@studyatlas.test";

test("contact: empty fields are refused, a message is sent, the form clears and the message is in the outbox", async ({
  page,
}) => {
  await openPage(page, "/contact-us");
  await expect(page.getByRole("heading", { level: 1, name: "Contact" })).toBeVisible();
  await expect(page.getByText("Have a question ?")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Send Us A Message" })).toBeVisible();
  await expect(page.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
    "href",
    `mailto:${SUPPORT_EMAIL}`,
  );

  const form = page.locator("main form");
  const status = form.getByRole("status");
  await form.getByRole("button", { name: "Send" }).click();
  await expect(status).toHaveText("Please fill in all fields");
  await expect(status).toHaveCSS("color", "rgb(185, 28, 28)");

  const sender = uniqueEmail("contact");
  const text = `Do you have programmes starting in March? (${sender})`;
  await form.getByLabel("Name").fill("Marie Curie");
  await form.getByLabel("Email").fill(sender);
  await form.getByLabel("Message").fill(text);
  await expect(form.getByLabel("Message")).toHaveAttribute("rows", "4");
  await form.getByRole("button", { name: "Send" }).click();
  await expect(status).toHaveText("Message sent successfully!");
  await expect(form.getByLabel("Name")).toHaveValue("");
  await expect(form.getByLabel("Email")).toHaveValue("");
  await expect(form.getByLabel("Message")).toHaveValue("");

  const mail = (await outboxFor(page, SUPPORT_EMAIL)).find((row) => row.text.includes(text));
  expect(mail?.kind).toBe("contact");
  expect(mail?.subject).toBe("Contact form: message from Marie Curie");
});

test("FAQ: six questions, one answer open at a time, keyboard operable, with FAQPage structured data", async ({
  page,
}) => {
  await openPage(page, "/faq");
  await expect(page.locator("main button[aria-expanded]")).toHaveCount(6);
  const first = page.getByRole("button", { name: "What documents do I need to apply?" });
  const second = page.getByRole("button", { name: "Do I need a language proficiency test?" });
  const firstAnswer = page.getByRole("region", { name: "What documents do I need to apply?" });
  const secondAnswer = page.getByRole("region", { name: "Do I need a language proficiency test?" });

  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(firstAnswer).toBeVisible();
  await expect(firstAnswer).toContainText("transcripts");

  await second.click();
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(firstAnswer).toBeHidden();
  await expect(secondAnswer).toBeVisible();

  // Clicking the open one closes it.
  await second.click();
  await expect(second).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator("main [role=region]:visible")).toHaveCount(0);

  // Keyboard: focus a question and press Enter, then Space on another.
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(firstAnswer).toBeVisible();
  await second.focus();
  await page.keyboard.press("Space");
  await expect(secondAnswer).toBeVisible();
  await expect(firstAnswer).toBeHidden();
  await expect(page.locator('main button[aria-expanded="false"]')).toHaveCount(5);

  const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(jsonLd ?? "{}") as { "@type": string; mainEntity: { name: string }[] };
  expect(data["@type"]).toBe("FAQPage");
  expect(data.mainEntity.map((entry) => entry.name)).toContain("Where can I find scholarships?");
});

test("every footer link answers 200; outside links are the configured ones", async ({ page }) => {
  await openPage(page, "/");
  const footer = page.getByRole("contentinfo");
  const hrefs = await footer
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(15);
  const internal = [...new Set(hrefs.filter((href) => href.startsWith("/")))];
  for (const path of [
    "/discipline/",
    "/about",
    "/contact-us",
    "/faq",
    "/privacy",
    "/terms",
    "/disclaimer",
  ]) {
    expect(internal).toContain(path);
  }
  for (const href of internal) {
    const response = await page.request.get(href, { maxRetries: 2 });
    expect(response.status(), href).toBe(200);
  }
  // The test server's configuration (playwright.config.ts); no outside site is contacted.
  const external = hrefs.filter((href) => !href.startsWith("/")).sort();
  expect(external).toEqual(
    [
      "https://blog.studyatlas.example",
      "https://www.facebook.com/studyatlas",
      "https://twitter.com/studyatlas",
      "https://www.instagram.com/studyatlas",
      "https://www.youtube.com/@studyatlas",
      "https://www.tiktok.com/@studyatlas",
      "https://www.linkedin.com/company/studyatlas",
    ].sort(),
  );
});

test("discipline tiles open the finder for their discipline; 'Art' opens Art", async ({ page }) => {
  await openPage(page, "/discipline");
  await expect(
    page.getByRole("heading", { level: 1, name: "Browse by disciplines" }),
  ).toBeVisible();
  const tiles = page.locator("main ul li a");
  await expect(tiles).toHaveCount(17);
  await expect(page.getByRole("link", { name: /^Art\b(?! &)/ })).toHaveAttribute(
    "href",
    "/coursefinder?country=Where?&name=&discipline=art",
  );
  await expect(page.getByRole("link", { name: /^Environmental Science/ })).toHaveAttribute(
    "href",
    "/coursefinder?country=Where?&name=&discipline=environmental-science",
  );
  await page.getByRole("link", { name: /^Art\b(?! &)/ }).click();
  await expect(page).toHaveURL(/discipline=art$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("explore shows the programmes and the disciplines", async ({ page }) => {
  await openPage(page, "/explore");
  await expect(
    page.getByRole("heading", { level: 1, name: "Explore Online Courses and Programs" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Browse By Programme" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Browse By Disciplines" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Graduate Program/ })).toHaveAttribute(
    "href",
    "/graduate",
  );
});

const PAGES = [
  ["about", "/about"],
  ["explore", "/explore"],
  ["discipline", "/discipline"],
  ["contact", "/contact-us"],
  ["FAQ", "/faq"],
  ["terms", "/terms"],
  ["privacy", "/privacy"],
  ["disclaimer", "/disclaimer"],
  ["unsubscribe", "/newsletter/unsubscribe?token=unknown"],
] as const;

for (const width of [1280, 375]) {
  test(`the site pages at ${width} px have no serious or critical axe violations`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const severe: unknown[] = [];
    for (const [name, path] of PAGES) {
      const response = await openPage(page, path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      if (name === "FAQ")
        await page.getByRole("button", { name: "Where can I find scholarships?" }).click();
      const { violations } = await new AxeBuilder({ page }).analyze();
      severe.push(
        ...violations
          .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
          .map((violation) => ({
            page: name,
            rule: violation.id,
            targets: violation.nodes.map((node) => node.target.join(" ")),
          })),
      );
    }
    expect(severe).toEqual([]);
  });
}

test("the newsletter dialog and the wishlist drawer have no serious or critical axe violations", async ({
  page,
}) => {
  await openPage(page, "/");
  const block = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Stay ahead with our newsletter" }) });
  await block.getByLabel("Email address").fill(uniqueEmail("axe"));
  await block.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("dialog", { name: "Complete your subscription" })).toBeVisible();
  let { violations } = await new AxeBuilder({ page }).include("dialog").analyze();
  expect(
    violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    ),
  ).toEqual([]);
  await page.keyboard.press("Escape");

  await signInThroughApi(page, await registerUser());
  await openPage(page, "/coursefinder");
  await page
    .locator("article")
    .first()
    .getByRole("button", { name: /to wishlist$/ })
    .click();
  await expect(page.locator("article").first().locator("[aria-live]")).toHaveText(
    "Added to wishlist!",
  );
  await page.getByRole("button", { name: "Wishlist", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "My WishList" }).getByRole("listitem")).toHaveCount(
    1,
  );
  ({ violations } = await new AxeBuilder({ page }).analyze());
  expect(
    violations.filter(
      (violation) => violation.impact === "serious" || violation.impact === "critical",
    ),
  ).toEqual([]);
});

test("every primary action has the one primary colour", async ({ page }) => {
  const background = (locator: Locator) =>
    locator.evaluate((element) => getComputedStyle(element).backgroundColor);
  const colours = new Map<string, string>();

  await openPage(page, "/");
  colours.set(
    "Sign in",
    await background(page.getByRole("banner").getByRole("link", { name: "Sign in" })),
  );
  colours.set(
    "Search",
    await background(page.getByRole("main").getByRole("button", { name: "Search" }).first()),
  );
  const block = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Stay ahead with our newsletter" }) });
  colours.set("Subscribe", await background(block.getByRole("button", { name: "Subscribe" })));
  await block.getByLabel("Email address").fill(uniqueEmail("colours"));
  await block.getByRole("button", { name: "Subscribe" }).click();
  const dialog = page.getByRole("dialog", { name: "Complete your subscription" });
  colours.set(
    "Confirm Subscription",
    await background(dialog.getByRole("button", { name: "Confirm Subscription" })),
  );

  await openPage(page, "/contact-us");
  colours.set("Send", await background(page.getByRole("button", { name: "Send" })));
  await openPage(page, "/about");
  colours.set(
    "Explore programmes",
    await background(page.getByRole("main").getByRole("link", { name: "Explore programmes" })),
  );
  const [course] = (
    (await (
      await page.request.get("/api/academics/course/list?page_size=1", { maxRetries: 2 })
    ).json()) as {
      results: { slug: string }[];
    }
  ).results;
  await openPage(page, `/course/${course?.slug}`);
  colours.set("Apply Now", await background(page.getByRole("button", { name: "Apply Now" })));

  const expected = colours.get("Sign in");
  expect(expected).not.toBe("rgba(0, 0, 0, 0)");
  for (const [name, colour] of colours) expect(colour, name).toBe(expected);
});
