// Saved searches (docs/decisions/053-saved-searches-and-alerts.md): a signed-in student saves the
// finder's current search, named from its filters; the settings screen lists them with the number
// of programmes added since the student last opened each, renames, deletes, opens them and sets
// how often each alerts. Every function takes the owner: another student's search is "not found".
import { and, asc, count, eq, inArray } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { savedSearches, wishlistAlertSettings } from "@studyatlas/db/schema/alerts.ts";
import { countries, disciplines, schools } from "@studyatlas/db/schema/catalogue.ts";
import {
  ALERT_MESSAGES,
  SAVED_SEARCHES_PER_USER,
  type AlertFrequencyValue,
  type SavedSearchView,
} from "@studyatlas/schemas/alerts.ts";
import type { CourseListQuery } from "@studyatlas/schemas/catalogue.ts";

import { randomToken } from "../accounts/secrets.ts";
import { ConflictError, InvalidParameterError, NotFoundError } from "../errors.ts";
import type { FinderIndex } from "../finder/finder-index.ts";
import { newMatchesBetween } from "../finder/new-matches.ts";
import { resolveCourseListRequest } from "../finder/search.ts";
import {
  nameSavedSearch,
  normaliseSavedQuery,
  parseSavedQuery,
  savedSearchPath,
} from "./saved-query.ts";

type SavedSearchRow = typeof savedSearches.$inferSelect;

/** The saved query, validated as the finder validates it; a 400 naming the problem otherwise. */
export function validSavedQuery(rawQuery: string): { query: string; parsed: CourseListQuery } {
  const query = normaliseSavedQuery(rawQuery);
  const parsed = parseSavedQuery(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "query");
    throw new InvalidParameterError(field, issue?.message ?? "is not valid");
  }
  return { query, parsed: parsed.data };
}

async function namesOf(db: Database, query: CourseListQuery) {
  const [countryRows, disciplineRows, schoolRows] = await Promise.all([
    query.country.length > 0
      ? db
          .select({ slug: countries.slug, name: countries.name })
          .from(countries)
          .where(inArray(countries.slug, query.country))
      : [],
    query.discipline
      ? db
          .select({ slug: disciplines.slug, name: disciplines.name })
          .from(disciplines)
          .where(eq(disciplines.slug, query.discipline))
      : [],
    query.school_slug
      ? db
          .select({ slug: schools.slug, name: schools.name })
          .from(schools)
          .where(eq(schools.slug, query.school_slug))
      : [],
  ]);
  return {
    countries: Object.fromEntries(countryRows.map((row) => [row.slug, row.name])),
    disciplines: Object.fromEntries(disciplineRows.map((row) => [row.slug, row.name])),
    schools: Object.fromEntries(schoolRows.map((row) => [row.slug, row.name])),
  };
}

/** Programmes the search gained since the student last opened it (0 for a search gone stale). */
async function newMatchCount(
  db: Database,
  row: SavedSearchRow,
  now: Date,
  finder?: FinderIndex,
): Promise<number> {
  const parsed = parseSavedQuery(row.query);
  if (!parsed.success) return 0;
  try {
    const request = await resolveCourseListRequest(db, parsed.data, finder);
    return (await newMatchesBetween(db, request.filters, { from: row.seenAt, to: now }, 0)).count;
  } catch (error) {
    // A country or school of the search no longer exists: nothing can match it any more.
    if (error instanceof InvalidParameterError) return 0;
    throw error;
  }
}

function viewOf(row: SavedSearchRow, newMatches: number): SavedSearchView {
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    path: savedSearchPath(row.query),
    frequency: row.frequency,
    new_matches: newMatches,
    created_at: row.createdAt.toISOString(),
  };
}

export interface SaveSearchInput {
  query: string;
  name?: string | undefined;
  frequency?: AlertFrequencyValue | undefined;
}

/** Saves a search (checked as the finder would run it); its alerts start from now. */
export async function saveSearch(
  db: Database,
  userId: number,
  input: SaveSearchInput,
  options: { now?: Date; finder?: FinderIndex } = {},
): Promise<SavedSearchView> {
  const now = options.now ?? new Date();
  const { query, parsed } = validSavedQuery(input.query);
  // Unknown slugs are a 400 here, as on the finder.
  await resolveCourseListRequest(db, parsed, options.finder);
  const [owned] = await db
    .select({ total: count() })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  if ((owned?.total ?? 0) >= SAVED_SEARCHES_PER_USER) {
    throw new ConflictError(ALERT_MESSAGES.tooMany, { code: "too_many_saved_searches" });
  }
  const name = input.name ?? nameSavedSearch(parsed, await namesOf(db, parsed));
  const [row] = await db
    .insert(savedSearches)
    .values({
      userId,
      name,
      query,
      frequency: input.frequency ?? "daily",
      seenAt: now,
      alertedUntil: now,
      unsubscribeToken: randomToken(),
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error("saved search insert returned no row");
  return viewOf(row, 0);
}

/** The student's saved searches, oldest first, each with its new-match count. */
export async function listSavedSearches(
  db: Database,
  userId: number,
  options: { now?: Date; finder?: FinderIndex } = {},
): Promise<SavedSearchView[]> {
  const now = options.now ?? new Date();
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
  return Promise.all(
    rows.map(async (row) => viewOf(row, await newMatchCount(db, row, now, options.finder))),
  );
}

/** Renames a search or changes how often it alerts; NotFoundError for another's search. */
export async function updateSavedSearch(
  db: Database,
  userId: number,
  id: number,
  change: { name?: string | undefined; frequency?: AlertFrequencyValue | undefined },
  options: { now?: Date; finder?: FinderIndex } = {},
): Promise<SavedSearchView> {
  const [row] = await db
    .update(savedSearches)
    .set({
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.frequency !== undefined ? { frequency: change.frequency } : {}),
    })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  if (!row) throw new NotFoundError(ALERT_MESSAGES.notFound);
  return viewOf(row, await newMatchCount(db, row, options.now ?? new Date(), options.finder));
}

export async function deleteSavedSearch(db: Database, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (deleted.length === 0) throw new NotFoundError(ALERT_MESSAGES.notFound);
}

/** The student opened the search: its new-match count starts again from now. */
export async function markSavedSearchSeen(
  db: Database,
  userId: number,
  id: number,
  now = new Date(),
): Promise<{ path: string }> {
  const [row] = await db
    .update(savedSearches)
    .set({ seenAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ query: savedSearches.query });
  if (!row) throw new NotFoundError(ALERT_MESSAGES.notFound);
  return { path: savedSearchPath(row.query) };
}

export interface WishlistAlerts {
  deadline_reminders: boolean;
  change_alerts: boolean;
}

/** The student's wishlist alerts (both on until turned off). */
export async function getWishlistAlerts(db: Database, userId: number): Promise<WishlistAlerts> {
  const [row] = await db
    .select()
    .from(wishlistAlertSettings)
    .where(eq(wishlistAlertSettings.userId, userId));
  return {
    deadline_reminders: row?.deadlineReminders ?? true,
    change_alerts: row?.changeAlerts ?? true,
  };
}

/** Creates the student's wishlist alert row (with its unsubscribe tokens) where missing. */
export async function ensureWishlistAlertRows(db: Database, userIds: readonly number[]) {
  if (userIds.length === 0) return;
  await db
    .insert(wishlistAlertSettings)
    .values(
      userIds.map((userId) => ({
        userId,
        deadlineToken: randomToken(),
        changeToken: randomToken(),
      })),
    )
    .onConflictDoNothing();
}

export async function updateWishlistAlerts(
  db: Database,
  userId: number,
  change: Partial<WishlistAlerts>,
): Promise<WishlistAlerts> {
  await ensureWishlistAlertRows(db, [userId]);
  await db
    .update(wishlistAlertSettings)
    .set({
      ...(change.deadline_reminders !== undefined
        ? { deadlineReminders: change.deadline_reminders }
        : {}),
      ...(change.change_alerts !== undefined ? { changeAlerts: change.change_alerts } : {}),
    })
    .where(eq(wishlistAlertSettings.userId, userId));
  return getWishlistAlerts(db, userId);
}

/**
 * One-click unsubscribe (RFC 8058) with the tokens of one e-mail: each stops its own alert only
 * (a saved search's alert is set to off; a wishlist alert is turned off). Returns what each token
 * stopped; NotFoundError when none is known.
 */
export async function unsubscribeAlerts(
  db: Database,
  tokens: readonly string[],
): Promise<string[]> {
  const stopped: string[] = [];
  const searches = await db
    .update(savedSearches)
    .set({ frequency: "off" })
    .where(inArray(savedSearches.unsubscribeToken, [...tokens]))
    .returning({ name: savedSearches.name });
  stopped.push(...searches.map((row) => `Saved search “${row.name}”`));
  const deadlines = await db
    .update(wishlistAlertSettings)
    .set({ deadlineReminders: false })
    .where(inArray(wishlistAlertSettings.deadlineToken, [...tokens]))
    .returning({ userId: wishlistAlertSettings.userId });
  if (deadlines.length > 0) stopped.push("Deadline reminders");
  const changes = await db
    .update(wishlistAlertSettings)
    .set({ changeAlerts: false })
    .where(inArray(wishlistAlertSettings.changeToken, [...tokens]))
    .returning({ userId: wishlistAlertSettings.userId });
  if (changes.length > 0) stopped.push("Price and date changes");
  if (stopped.length === 0) {
    throw new NotFoundError(ALERT_MESSAGES.invalidUnsubscribeLink, {
      code: "invalid_unsubscribe_link",
    });
  }
  return stopped;
}
