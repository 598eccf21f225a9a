import { describe, expect, it } from "vitest";

import { daysLeft, deadlineDate, reminderKey, reminderStage } from "./deadlines.ts";

describe("deadline reminders", () => {
  it("takes the last day of the deadline month, and none when it is not announced", () => {
    expect(deadlineDate(6, 2031)?.toISOString()).toBe("2031-06-30T00:00:00.000Z");
    expect(deadlineDate(2, 2028)?.toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(deadlineDate(12, 2030)?.toISOString()).toBe("2030-12-31T00:00:00.000Z");
    expect(deadlineDate(0, 2030)).toBeUndefined();
    expect(deadlineDate(5, 0)).toBeUndefined();
  });

  it("counts whole days from today (UTC), whatever the hour", () => {
    const deadline = deadlineDate(6, 2031)!;
    expect(daysLeft(deadline, new Date("2031-05-31T00:00:00Z"))).toBe(30);
    expect(daysLeft(deadline, new Date("2031-05-31T23:59:59Z"))).toBe(30);
    expect(daysLeft(deadline, new Date("2031-06-30T12:00:00Z"))).toBe(0);
    expect(daysLeft(deadline, new Date("2031-07-01T00:00:00Z"))).toBe(-1);
  });

  it("is due at 30 days and at 7 days, never before 30 nor after the deadline", () => {
    expect(reminderStage(31)).toBeUndefined();
    expect(reminderStage(30)).toBe(30);
    expect(reminderStage(8)).toBe(30);
    expect(reminderStage(7)).toBe(7);
    expect(reminderStage(0)).toBe(7);
    expect(reminderStage(-1)).toBeUndefined();
  });

  it("keys each reminder by programme, deadline and stage, so a moved deadline reminds again", () => {
    expect(reminderKey(12, 6, 2031, 30)).toBe("deadline:12:2031-06:30");
    expect(reminderKey(12, 7, 2031, 30)).not.toBe(reminderKey(12, 6, 2031, 30));
  });
});
