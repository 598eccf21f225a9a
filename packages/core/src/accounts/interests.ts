// User interests: the disciplines and countries picked on /post-sign-up
// (docs/spec/accounts-and-details.md §2 Interest selection, §7 user_interest).
import { eq, inArray } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import {
  userCountryInterests,
  userDisciplineInterests,
  users,
} from "@studyatlas/db/schema/accounts.ts";
import { countries, disciplines } from "@studyatlas/db/schema/catalogue.ts";

import { ValidationError } from "../errors.ts";
import { inTransaction } from "../transactions.ts";

export interface Interests {
  disciplines: number[];
  countries: number[];
}

/** Replaces the user's interests; 400 naming any id that does not exist. */
export async function saveInterests(
  db: Database,
  userId: number,
  input: Interests,
): Promise<Interests> {
  const disciplineIds = [...new Set(input.disciplines)];
  const countryIds = [...new Set(input.countries)];
  const knownDisciplines = disciplineIds.length
    ? (
        await db
          .select({ id: disciplines.id })
          .from(disciplines)
          .where(inArray(disciplines.id, disciplineIds))
      ).map((row) => row.id)
    : [];
  const knownCountries = countryIds.length
    ? (
        await db
          .select({ id: countries.id })
          .from(countries)
          .where(inArray(countries.id, countryIds))
      ).map((row) => row.id)
    : [];
  const errors: Record<string, string[]> = {};
  const missingDisciplines = disciplineIds.filter((id) => !knownDisciplines.includes(id));
  const missingCountries = countryIds.filter((id) => !knownCountries.includes(id));
  if (missingDisciplines.length)
    errors.disciplines = [`unknown discipline ids: ${missingDisciplines.join(", ")}`];
  if (missingCountries.length)
    errors.countries = [`unknown country ids: ${missingCountries.join(", ")}`];
  const firstKey = Object.keys(errors)[0];
  if (firstKey) {
    throw new ValidationError(`Invalid field '${firstKey}': ${errors[firstKey]?.[0] ?? ""}`, {
      errors,
    });
  }
  // The user's row is locked first, so that two saves at once take turns instead of deleting
  // and inserting over each other (a duplicate key or a deadlock, docs/security.md V2).
  await inTransaction(db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    await tx.delete(userDisciplineInterests).where(eq(userDisciplineInterests.userId, userId));
    await tx.delete(userCountryInterests).where(eq(userCountryInterests.userId, userId));
    if (disciplineIds.length) {
      await tx
        .insert(userDisciplineInterests)
        .values(disciplineIds.map((disciplineId) => ({ userId, disciplineId })));
    }
    if (countryIds.length) {
      await tx
        .insert(userCountryInterests)
        .values(countryIds.map((countryId) => ({ userId, countryId })));
    }
  });
  return getInterests(db, userId);
}

export async function getInterests(db: Database, userId: number): Promise<Interests> {
  const [disciplineRows, countryRows] = await Promise.all([
    db
      .select({ id: userDisciplineInterests.disciplineId })
      .from(userDisciplineInterests)
      .where(eq(userDisciplineInterests.userId, userId)),
    db
      .select({ id: userCountryInterests.countryId })
      .from(userCountryInterests)
      .where(eq(userCountryInterests.userId, userId)),
  ]);
  return {
    disciplines: disciplineRows.map((row) => row.id).sort((a, b) => a - b),
    countries: countryRows.map((row) => row.id).sort((a, b) => a - b),
  };
}
