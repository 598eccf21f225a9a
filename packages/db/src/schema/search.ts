// The finder's synonyms as data (docs/decisions/044-synonyms-as-data.md): a curated list of
// abbreviations and equivalent words, seeded from packages/db/src/seed/synonyms.ts and edited by
// sales agents in the sales dashboard. Entries follow Meilisearch's and Algolia's model: a two-way
// entry makes every word of the set stand for the others ("mba" ↔ "master of business
// administration"); a one-way entry makes `input` stand also for each of `words`, never the reverse
// ("psych" → "psychology"). Words are lower case, unaccented and single-spaced.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

import { users } from "./accounts.ts";

export const SYNONYM_KINDS = ["two-way", "one-way"] as const;
export type SynonymKind = (typeof SYNONYM_KINDS)[number];

export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind").$type<SynonymKind>().notNull(),
    /** The word a one-way entry widens; null for a two-way entry. */
    input: text("input"),
    /** Two-way: the equivalent words (at least two). One-way: what `input` also means (at least one). */
    words: text("words").array().notNull(),
    /** Why the entry exists, for the next editor. */
    note: text("note"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** The sales agent who last changed it; null for the curated seed or a deleted account. */
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("search_synonyms_kind_check", sql`${t.kind} in ('two-way', 'one-way')`),
    check(
      "search_synonyms_shape_check",
      sql`(${t.kind} = 'two-way' and ${t.input} is null and cardinality(${t.words}) >= 2) or (${t.kind} = 'one-way' and ${t.input} is not null and cardinality(${t.words}) >= 1)`,
    ),
  ],
);
