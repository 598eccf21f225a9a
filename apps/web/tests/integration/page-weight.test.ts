// What a server-rendered page leaves out (docs/decisions/061-finder-page-weight.md): the finder's
// data does not repeat the currencies, and the long lists that only the script makes usable — the
// currency selects, the finder's country list — are written short, with the chosen currency and
// the checked countries always there. The finder's cards and facets carry only what the page
// reads (the amendment). The reference tables (countries, currencies) are not in any page: the
// page names their version and the browser fetches them from an address it keeps
// (docs/decisions/065-reference-tables-cached-apart.md). A card draws its heart and compare box from
// the stylesheet and writes no region only a script fills; the home page's cards travel as text;
// the route manifest is compact (docs/decisions/066-leaner-pages.md). On the built front end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureBuiltFrontEnd } from "./built-front-end.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let countrySlugs: string[];

beforeAll(async () => {
  ensureBuiltFrontEnd();
  t = await createTestApp({ frontend: { kind: "production" }, config: { pageReuseBytes: 0 } });
  const { rows } = await t.database.query<{ slug: string }>(
    `select distinct co.slug from countries co
       join schools s on s.country_id = co.id and s.published
       join courses c on c.school_id = s.id and c.published
     order by co.slug`,
  );
  countrySlugs = rows.map((row) => row.slug);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The `<option>`s of each `<select>` in the page, in order. */
function selectOptions(html: string): string[][] {
  return [...html.matchAll(/<select[^>]*>(.*?)<\/select>/g)].map((select) =>
    [...(select[1] ?? "").matchAll(/<option[^>]*value="([^"]*)"/g)].map(
      (option) => option[1] ?? "",
    ),
  );
}

/** The unchecked country boxes the finder's country list writes. */
function moreCountries(html: string): number {
  const start = html.indexOf('aria-label="More countries"');
  if (start === -1) return 0;
  const group = html.slice(start, html.indexOf("</div>", start));
  return group.match(/type="checkbox"/g)?.length ?? 0;
}

/** The reference tables the page names, as the browser fetches them; they may be kept for good. */
async function referenceTablesOf(html: string): Promise<{ countries: string; currencies: string }> {
  const href = /<link rel="preload" as="fetch"[^>]*href="(\/reference\/[0-9a-f]+\.json)"/.exec(
    html,
  )?.[1];
  expect(href).toBeDefined();
  const answer = await t.app.inject({ url: href ?? "" });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  return answer.json<{ countries: string; currencies: string }>();
}

describe("page weight", () => {
  it("writes the header's currency picker with the visitor's currency alone", async () => {
    const page = await t.app.inject({ url: "/" });
    expect(page.statusCode).toBe(200);
    const [header] = selectOptions(page.body);
    expect(header).toEqual(["USD"]);
    // The whole list reaches the browser apart, from the address the page names.
    expect(page.body).not.toContain("Afghan Afghani");
    const tables = await referenceTablesOf(page.body);
    expect(tables.currencies).toMatch(/(^|\|)AFN [0-9.e+-]+ Afghan Afghani(\||$)/);
    expect(tables.countries).toMatch(/^\d+ [a-z-]+ [^|"]+\|\d+ [a-z-]+ [^|"]+\|/);
  });

  it("writes the finder's tuition currency alone, and its data names no currency list", async () => {
    const page = await t.app.inject({ url: "/coursefinder?tuition=0,5000&currency=GBP" });
    expect(page.statusCode).toBe(200);
    const selects = selectOptions(page.body);
    // The header's picker (the visitor's currency) and the tuition filter's (the chosen one).
    expect(selects[0]).toEqual(["USD"]);
    expect(selects).toContainEqual(["GBP"]);
    const data = await t.app.inject({ url: "/coursefinder.data?tuition=0,5000&currency=GBP" });
    expect(data.statusCode).toBe(200);
    expect(data.body).not.toContain("Afghan Afghani");
    expect(data.body).not.toContain('"usd_exchange_rate"');
    expect(data.body).not.toContain('"currencyTable"');
  });

  it("sends the finder's cards and facets without unread fields, its long facet lists as text", async () => {
    const data = await t.app.inject({ url: "/coursefinder.data" });
    expect(data.statusCode).toBe(200);
    // "argentina 14 Argentina|australia 9 Australia|…": no object per country.
    expect(data.body).toMatch(/[a-z-]+ \d+ [^|"]+\|[a-z-]+ \d+ [^|"]+\|/);
    // A card works its total out from the fee; the degree types' boxes show their names.
    expect(data.body).not.toContain('"total_cost"');
    expect(data.body).not.toContain('"short_name"');
    // The discipline list draws each generated icon from its slug; the data names none of them.
    expect(data.body).not.toContain("/media/disciplines/");
    const page = await t.app.inject({ url: "/coursefinder" });
    expect(page.body).toContain('src="/media/disciplines/business-and-administration.svg"');
  });

  it("writes the first countries of the finder's list, and every checked one", async () => {
    expect(countrySlugs.length).toBeGreaterThan(13);
    const all = await t.app.inject({ url: "/coursefinder" });
    expect(moreCountries(all.body)).toBe(12);
    const last = countrySlugs.at(-1) ?? "";
    const chosen = await t.app.inject({ url: `/coursefinder?country=${last}` });
    expect(chosen.statusCode).toBe(200);
    const group = chosen.body.slice(chosen.body.indexOf('aria-label="Chosen countries"'));
    expect(group).toMatch(/<input type="checkbox"[^>]*checked=""/);
    expect(moreCountries(chosen.body)).toBe(12);
  });

  it("writes a card's decorations and script-only regions nowhere, and the manifest compact", async () => {
    const page = await t.app.inject({ url: "/coursefinder" });
    expect(page.statusCode).toBe(200);
    const cards = page.body.match(/<article\b[\s\S]*?<\/article>/g) ?? [];
    expect(cards.length).toBe(20);
    for (const card of cards) {
      expect(card).toMatch(/aria-label="Save [^"]+ to wishlist"/);
      expect(card).toMatch(/aria-label="Compare [^"]+"/);
      // No icon element, no empty live region, no empty eligibility paragraph.
      expect(card).not.toContain("<svg");
      expect(card).not.toContain("aria-live");
      expect(card).not.toMatch(/<p[^>]*><\/p>/);
    }
    // "2,104" heard as "2,104 results": the word is the stylesheet's.
    expect(page.body).toMatch(/<small>[\d,]+<\/small>/);
    expect(page.body).not.toContain('<span class="visually-hidden"> results</span>');
    const manifest = /window\.__reactRouterManifest = (\{.*?\});\n/.exec(page.body)?.[1] ?? "";
    expect(JSON.parse(manifest)).toHaveProperty("routes");
    expect(manifest).not.toContain("\n");
  });

  it("sends the home page's featured cards as one text each", async () => {
    const home = await t.app.inject({ url: "/" });
    expect(home.statusCode).toBe(200);
    // "14741|*|3D Modelling Bootcamp|1|months|PART|…": no record per card, no total, no school object.
    expect(home.body).toMatch(/\d+\|[^|"]*\|[^|"]+\|[\d.]+\|[a-z]+\|(FULL|PART)\|/);
    expect(home.body).not.toContain('\\"total_cost\\"');
    expect(home.body).not.toContain('\\"tuition_currency\\"');
    expect(home.body.match(/<article\b/g)?.length ?? 0).toBeGreaterThan(10);
  });
});
