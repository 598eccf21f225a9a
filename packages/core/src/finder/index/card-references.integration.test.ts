// Programme cards put together from the finder index's reference maps (ADR 026) against the SQL
// card query they replace: for a few hundred random pages of ids, the same cards as the same JSON
// bytes (key order, numbers, nulls, discipline order), unpublished programmes and the programmes of
// unpublished schools left out alike, on both engines. That a change shows in the cards at once
// is the app's test (apps/web/tests/integration/finder-cards-from-index.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createRandom } from "@studyatlas/db/seed/random.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";
import { CourseListItemSchema } from "@studyatlas/schemas/catalogue.ts";

import { courseCardsOf } from "../../catalogue/course-cards.ts";
import { listWishlist } from "../../wishlist/wishlists.ts";
import { createFinderIndex, type FinderIndex } from "../finder-index.ts";
import { courseCardsByIds, courseCardsFromIndex, coursesByIds } from "../page-cards.ts";
import type { CardReferences } from "./card-references.ts";
import type { CourseIndex } from "./course-index.ts";
import { currentIndex } from "./holder.ts";
import { loadCourseIndex } from "./load.ts";

let database: TestDatabase;
let index: CourseIndex;
let references: CardReferences;
/** The programmes each special case was given (see beforeAll). */
const cases = {
  noDegreeType: [] as number[],
  noLanguage: [] as number[],
  noDisciplines: [] as number[],
  tiedDisciplines: [] as number[],
  unknownFee: [] as number[],
  unpublished: [] as number[],
  ofUnpublishedSchool: [] as number[],
};
let allIds: number[];

async function ids(text: string, params: unknown[] = []): Promise<number[]> {
  return (await database.query<{ id: number }>(text, params)).rows.map((row) => Number(row.id));
}

beforeAll(async () => {
  database = await createTestDatabase();
  // The demo catalogue gives every programme a degree type, a language and disciplines at
  // distinct positions; the cards must also be right without them and for ties in position.
  cases.noDegreeType = await ids(
    "update courses set degree_type_id = null where id in (select id from courses order by id limit 6) returning id",
  );
  cases.noLanguage = await ids(
    "update courses set language_id = null where id in (select id from courses order by id offset 4 limit 6) returning id",
  );
  cases.noDisciplines = await ids(
    "delete from course_disciplines where course_id in (select id from courses order by id offset 20 limit 6) returning course_id as id",
  );
  // Several disciplines at one position: the card orders them by name (PostgreSQL's collation).
  cases.tiedDisciplines = await ids(
    `update course_disciplines set position = 0 where course_id in (
       select course_id from course_disciplines group by course_id having count(*) > 1
       order by course_id limit 8) returning course_id as id`,
  );
  cases.unknownFee = await ids(
    "update courses set tuition_fee = -1, tuition_fee_usd = null where id in (select id from courses order by id offset 40 limit 6) returning id",
  );
  cases.unpublished = await ids(
    "update courses set published = false where id in (select id from courses order by id offset 60 limit 8) returning id",
  );
  cases.ofUnpublishedSchool = await ids(
    `with school as (update schools set published = false
       where id = (select school_id from courses order by id offset 80 limit 1) returning id)
     select c.id from courses c join school on school.id = c.school_id`,
  );
  // Rates and fees with many digits, whose float8 text must round-trip alike on both paths.
  await database.query(
    "update currencies set usd_exchange_rate = 1234.56789012 where id = (select min(id) from currencies)",
  );
  await database.query(
    "update courses set tuition_fee = 98765.43 where id in (select id from courses order by id offset 100 limit 6)",
  );
  index = await loadCourseIndex(database.db);
  if (!index.cardReferences) throw new Error("the index was built without its card references");
  references = index.cardReferences;
  allIds = await ids("select id from courses order by id");
});
afterAll(async () => {
  await database?.dispose();
});

describe("programme cards from the index's reference maps", () => {
  it("are the SQL card query's JSON, byte for byte, for 300 random pages of ids", async () => {
    const r = createRandom(1401);
    const seen = new Set<number>();
    let cards = 0;
    for (let n = 0; n < 300; n += 1) {
      // A page as the index or a strip asks for it: distinct ids in any order, now and then an
      // id that is not (or no longer) a programme.
      const size = r.pick([1, 6, 7, 20, 20, 60]);
      const page = r.shuffle(allIds).slice(0, size);
      if (r.chance(0.1)) page.splice(r.int(0, page.length), 0, 999_999);
      const expected = await coursesByIds(database.db, page);
      const assembled = await courseCardsFromIndex(database.db, page, references);
      const label = JSON.stringify(page);
      expect(assembled, label).toBeDefined();
      expect(JSON.stringify(assembled), label).toBe(JSON.stringify(expected));
      // The entry point the list uses, with the index, answers the same.
      expect(JSON.stringify(await coursesByIds(database.db, page, index)), label).toBe(
        JSON.stringify(expected),
      );
      for (const id of page) seen.add(id);
      cards += expected.length;
    }
    expect(cards).toBeGreaterThan(3000);
    // Every special case was among the pages asked for.
    for (const [name, special] of Object.entries(cases)) {
      expect(special.length, name).toBeGreaterThan(0);
      expect(
        special.some((id) => seen.has(id)),
        name,
      ).toBe(true);
    }
  }, 60_000);

  it("gives a page's cards (the card's columns only) as the SQL list items' cards, byte for byte", async () => {
    const r = createRandom(1402);
    const special = [...new Set(Object.values(cases).flat())];
    for (let n = 0; n < 100; n += 1) {
      const page = n === 0 ? special : r.shuffle(allIds).slice(0, r.pick([1, 20, 60]));
      if (r.chance(0.1)) page.splice(r.int(0, page.length), 0, 999_999);
      const expected = JSON.stringify(courseCardsOf(await coursesByIds(database.db, page)));
      const label = JSON.stringify(page);
      expect(JSON.stringify(await courseCardsByIds(database.db, page, index)), label).toBe(
        expected,
      );
      // Without an index, from the SQL card query.
      expect(JSON.stringify(await courseCardsByIds(database.db, page)), label).toBe(expected);
    }
    const cards = await courseCardsByIds(database.db, special, index);
    for (const id of [...cases.unpublished, ...cases.ofUnpublishedSchool]) {
      expect(cards.some((card) => card.id === id)).toBe(false);
    }
  });

  it("gives each special case as SQL does: nulls, empty and tied disciplines, left-out rows", async () => {
    const special = [...new Set(Object.values(cases).flat())];
    const expected = await coursesByIds(database.db, special);
    const assembled = await courseCardsFromIndex(database.db, special, references);
    expect(JSON.stringify(assembled)).toBe(JSON.stringify(expected));
    const byId = new Map(assembled?.map((card) => [card.id, card]));
    for (const id of [...cases.unpublished, ...cases.ofUnpublishedSchool]) {
      expect(byId.has(id), `programme ${id} is not public`).toBe(false);
    }
    const publicCard = (id: number | undefined) => {
      const card = id === undefined ? undefined : byId.get(id);
      if (!card) throw new Error(`no public card for programme ${id}`);
      return card;
    };
    expect(publicCard(cases.noDegreeType[0]).degree_type).toBeNull();
    expect(publicCard(cases.noLanguage[0]).language).toBeNull();
    expect(publicCard(cases.noDisciplines[0]).disciplines).toEqual([]);
    expect(publicCard(cases.unknownFee[0]).tuition_fee_usd).toBeNull();
    const tied = publicCard(cases.tiedDisciplines[0]).disciplines.map((d) => d.name);
    expect(tied.length).toBeGreaterThan(1);
    // Every card is what the API's schema describes.
    for (const card of assembled ?? []) CourseListItemSchema.parse(card);
  });

  it("gives a wishlist the same entries as the SQL card columns, unpublished ones left out", async () => {
    const [user] = await ids(
      `insert into users (email, first_name, last_name, referral_code)
       values ('cards@example.test', 'Card', 'Tester', 'cards-test') returning id`,
    );
    const saved = [
      ...Object.values(cases).map((special) => special[0]),
      ...createRandom(7).shuffle(allIds).slice(0, 30),
    ];
    // One second apart, so that "newest first" is an order and not only the id tie-break.
    for (const [at, course] of [...new Set(saved)].entries()) {
      await database.query(
        `insert into wishlist_items (user_id, course_id, created_at)
         values ($1, $2, timestamptz '2026-01-01 00:00:00+00' + $3 * interval '1 second')
         on conflict do nothing`,
        [user, course, at % 10],
      );
    }
    const finder: FinderIndex = createFinderIndex(database.db, { enabled: true, readAhead: false });
    await finder.settled();
    expect(currentIndex(finder)?.cardReferences).toBeDefined();
    const expected = await listWishlist(database.db, Number(user));
    const assembled = await listWishlist(database.db, Number(user), finder);
    expect(assembled.length).toBeGreaterThan(20);
    expect(JSON.stringify(assembled)).toBe(JSON.stringify(expected));
    const listed = new Set(assembled.map((entry) => entry.course.id));
    for (const id of [...cases.unpublished, ...cases.ofUnpublishedSchool]) {
      expect(listed.has(id)).toBe(false);
    }
  });

  it("leaves a page to the SQL card query when it names a reference newer than the maps", async () => {
    const [language] = await ids(
      "insert into languages (name, code) values ('Cards Test Language', 'zz-cards') returning id",
    );
    const [course] = await ids(
      "update courses set language_id = $1 where id = (select c.id from courses c join schools s on s.id = c.school_id where c.published and s.published order by c.id desc limit 1) returning id",
      [language],
    );
    if (course === undefined) throw new Error("no public programme to change");
    expect(await courseCardsFromIndex(database.db, [course], references)).toBeUndefined();
    const cards = await coursesByIds(database.db, [course], index);
    expect(cards[0]?.language?.name).toBe("Cards Test Language");
    expect(JSON.stringify(cards)).toBe(JSON.stringify(await coursesByIds(database.db, [course])));
  });
});
