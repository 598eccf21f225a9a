import { describe, expect, it } from "vitest";

import type { Database } from "@studyatlas/db/client.ts";

import { inTransaction, sqlState } from "./transactions.ts";

/** A stand-in whose transaction() fails with the given SQLSTATEs, then runs the work. */
function databaseFailingWith(...codes: string[]) {
  let calls = 0;
  const db = {
    transaction: async <T>(work: (tx: unknown) => Promise<T>) => {
      const code = codes[calls];
      calls += 1;
      if (code) throw Object.assign(new Error("query failed"), { cause: { code } });
      return work(db);
    },
  };
  return { db: db as unknown as Database, calls: () => calls };
}

describe("sqlState", () => {
  it("finds the code on the error or through its causes", () => {
    expect(sqlState({ code: "40P01" })).toBe("40P01");
    expect(sqlState(new Error("x", { cause: { code: "23505" } }))).toBe("23505");
    expect(sqlState(new Error("x", { cause: { code: "ECONNRESET" } }))).toBeUndefined();
    expect(sqlState(undefined)).toBeUndefined();
  });
});

describe("inTransaction", () => {
  it("runs the work once more after a deadlock or a serialization failure", async () => {
    for (const code of ["40P01", "40001"]) {
      const { db, calls } = databaseFailingWith(code);
      await expect(inTransaction(db, async () => "done")).resolves.toBe("done");
      expect(calls()).toBe(2);
    }
  });

  it("gives up after one retry, and never retries other errors", async () => {
    const twice = databaseFailingWith("40P01", "40P01");
    await expect(inTransaction(twice.db, async () => "done")).rejects.toThrow("query failed");
    expect(twice.calls()).toBe(2);
    const unique = databaseFailingWith("23505");
    await expect(inTransaction(unique.db, async () => "done")).rejects.toThrow("query failed");
    expect(unique.calls()).toBe(1);
  });
});
