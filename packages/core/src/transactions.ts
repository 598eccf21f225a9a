// Transactions that survive concurrent traffic: PostgreSQL may abort one of two
// overlapping transactions with a serialization failure (40001) or a deadlock (40P01); the work
// is then run once more, as the PostgreSQL manual advises, instead of answering 500.
import type { Database } from "@studyatlas/db/client.ts";

const RETRYABLE = new Set(["40001", "40P01"]);

/** The SQLSTATE of a database error, looking through drizzle's wrapper. */
export function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Runs `work` in one transaction; retried once when PostgreSQL aborts it for a conflict. */
export async function inTransaction<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (!RETRYABLE.has(sqlState(error) ?? "")) throw error;
    return db.transaction(work);
  }
}
