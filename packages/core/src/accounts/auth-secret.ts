// The access-token key when AUTH_SECRET is not configured: created once at random and kept in the
// database, so that every app process (and every restart) signs with the same key.
import { eq } from "drizzle-orm";

import type { Database } from "@studyatlas/db/client.ts";
import { authSecrets } from "@studyatlas/db/schema/accounts.ts";

import { randomToken } from "./secrets.ts";

const ACCESS_TOKEN_KEY = "access_token_hmac";

export async function loadOrCreateAuthSecret(db: Database): Promise<string> {
  await db
    .insert(authSecrets)
    .values({ name: ACCESS_TOKEN_KEY, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(authSecrets).where(eq(authSecrets.name, ACCESS_TOKEN_KEY));
  if (!row) throw new Error("auth secret missing after insert");
  return row.value;
}
