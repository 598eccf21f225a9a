// The synonym table on both engines (docs/decisions/044-synonyms-as-data.md): the demo seed fills
// it with the curated list, the table refuses malformed entries, the seed never refills a table
// someone edited, and each process's copy is read once and again after it is forgotten.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seedSynonyms } from "@studyatlas/db/seed/seed-synonyms.ts";
import { CURATED_SYNONYMS } from "@studyatlas/db/seed/synonyms.ts";
import { createTestDatabase, type TestDatabase } from "@studyatlas/db/testing/test-database.ts";

import { currentSynonyms, forgetSynonyms, loadSynonyms } from "./synonyms.ts";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

describe("the synonym table", () => {
  it("holds the curated list after the demo seed, in the loader's shape", async () => {
    const entries = await loadSynonyms(database.db);
    expect(entries).toHaveLength(CURATED_SYNONYMS.length);
    const mba = entries.find((entry) => entry.kind === "two-way" && entry.words[0] === "mba");
    expect(mba).toEqual({
      id: mba?.id,
      kind: "two-way",
      words: ["mba", "master of business administration"],
    });
    const psych = entries.find((entry) => entry.kind === "one-way" && entry.input === "psych");
    expect(psych).toEqual({
      id: psych?.id,
      kind: "one-way",
      input: "psych",
      words: ["psychology"],
    });
    const ids = entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("refuses a two-way set with an input or one word, and a one-way entry without input", async () => {
    const refused = async (statement: string) => {
      await expect(database.query(statement)).rejects.toThrow(/search_synonyms_shape_check/);
    };
    await refused(
      `insert into search_synonyms (kind, input, words) values ('two-way', 'x', '{a,b}')`,
    );
    await refused(`insert into search_synonyms (kind, words) values ('two-way', '{a}')`);
    await refused(`insert into search_synonyms (kind, words) values ('one-way', '{a}')`);
    await refused(`insert into search_synonyms (kind, input, words) values ('one-way', 'a', '{}')`);
    await expect(
      database.query(`insert into search_synonyms (kind, words) values ('three-way', '{a,b}')`),
    ).rejects.toThrow(/search_synonyms_kind_check/);
  });

  it("does not seed a table that has entries", async () => {
    expect(await seedSynonyms(database)).toBe(0);
    expect(await loadSynonyms(database.db)).toHaveLength(CURATED_SYNONYMS.length);
  });
});

describe("the process's copy", () => {
  it("is read once, shared by concurrent callers, and read again once forgotten", async () => {
    forgetSynonyms(database.db);
    const [first, second] = await Promise.all([
      currentSynonyms(database.db),
      currentSynonyms(database.db),
    ]);
    expect(second).toBe(first);
    expect(await currentSynonyms(database.db)).toBe(first);

    const { rows } = await database.query<{ id: number }>(
      `insert into search_synonyms (kind, input, words) values ('one-way', 'uni', '{university}') returning id`,
    );
    expect(await currentSynonyms(database.db)).toBe(first);
    forgetSynonyms(database.db);
    const reread = await currentSynonyms(database.db);
    expect(reread).toHaveLength(first.length + 1);
    expect(reread.at(-1)).toEqual({
      id: rows[0]?.id,
      kind: "one-way",
      input: "uni",
      words: ["university"],
    });
  });

  it("keeps no read that a change overtook", async () => {
    forgetSynonyms(database.db);
    const overtaken = currentSynonyms(database.db);
    await database.query(`delete from search_synonyms where input = 'uni'`);
    forgetSynonyms(database.db);
    const before = await overtaken;
    const after = await currentSynonyms(database.db);
    expect(after).not.toBe(before);
    expect(after.some((entry) => entry.kind === "one-way" && entry.input === "uni")).toBe(false);
  });
});

describe("seeding an empty table", () => {
  it("writes the curated list into a table no one edited, and nothing once a sales agent has", async () => {
    await database.query(`delete from search_synonyms`);
    expect(await seedSynonyms(database)).toBe(CURATED_SYNONYMS.length);
    await database.query(`delete from search_synonyms`);
    await database.query(
      `insert into audit_log (entity, entity_id, entity_name, action, actor_name, actor_role, after)
       values ('synonym', 1, 'mba', 'delete', 'Sam Sales', 'sales', '{}')`,
    );
    expect(await seedSynonyms(database)).toBe(0);
    expect(await seedSynonyms(database, { reset: true })).toBe(CURATED_SYNONYMS.length);
  });
});
