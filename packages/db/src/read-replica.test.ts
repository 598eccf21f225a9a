import type pg from "pg";
import { describe, expect, it } from "vitest";

import { ReplicaBehindError, replicaCaughtUp } from "./read-replica.ts";

/** A pool that answers each query with the next of `answers` (the last one again at the end). */
function poolAnswering(answers: Record<string, unknown>[]): { pool: pg.Pool; asked: unknown[][] } {
  const asked: unknown[][] = [];
  let next = 0;
  const pool = {
    query: async (_text: string, params: unknown[] = []) => {
      asked.push(params);
      const row = answers[Math.min(next, answers.length - 1)];
      next += 1;
      return { rows: row ? [row] : [] };
    },
  };
  return { pool: pool as unknown as pg.Pool, asked };
}

describe("waiting for the read replica (ADR 048)", () => {
  it("waits until the standby has replayed the primary's position at the call", async () => {
    const primary = poolAnswering([{ lsn: "0/3000148" }]);
    const replica = poolAnswering([
      { standby: true, replayed: false },
      { standby: true, replayed: false },
      { standby: true, replayed: true },
    ]);
    await replicaCaughtUp(primary.pool, replica.pool);
    expect(replica.asked).toEqual([["0/3000148"], ["0/3000148"], ["0/3000148"]]);
  });

  it("does not wait for a read database that is not a standby", async () => {
    const replica = poolAnswering([{ standby: false, replayed: null }]);
    await replicaCaughtUp(poolAnswering([{ lsn: "0/1" }]).pool, replica.pool);
    expect(replica.asked).toHaveLength(1);
  });

  it("gives up after its time with an error naming the variable", async () => {
    const replica = poolAnswering([{ standby: true, replayed: false }]);
    const waiting = replicaCaughtUp(poolAnswering([{ lsn: "0/2" }]).pool, replica.pool, 60);
    await expect(waiting).rejects.toThrow(ReplicaBehindError);
    await expect(waiting).rejects.toThrow(/DATABASE_READ_URL.* up to 0\/2 within 0.06 s/);
  });
});
