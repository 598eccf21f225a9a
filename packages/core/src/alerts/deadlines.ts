// Deadline reminders (docs/decisions/053-saved-searches-and-alerts.md): the catalogue knows an
// application deadline to the month, so a deadline is taken as the last day of its month (the
// latest day it can mean; docs/spec-notes.md). A reminder goes out once when 30 days or fewer are
// left and once when 7 days or fewer are left; a programme wishlisted late gets only the later one.

type ReminderStage = 30 | 7;

const DAY_MS = 86_400_000;

/** The last day of the deadline month (UTC midnight), or undefined when none is announced. */
export function deadlineDate(month: number, year: number): Date | undefined {
  if (month < 1 || month > 12 || year < 1) return undefined;
  return new Date(Date.UTC(year, month, 0));
}

/** Whole days from today (UTC) to the deadline; 0 on the day itself. */
export function daysLeft(deadline: Date, now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((deadline.getTime() - today) / DAY_MS);
}

/** The reminder due now: 7 in the last week, 30 in the 23 days before it, else none. */
export function reminderStage(days: number): ReminderStage | undefined {
  if (days < 0) return undefined;
  if (days <= 7) return 7;
  if (days <= 30) return 30;
  return undefined;
}

/** The once-only key of a reminder; a moved deadline is a new deadline with its own reminders. */
export function reminderKey(courseId: number, month: number, year: number, stage: ReminderStage) {
  return `deadline:${courseId}:${year}-${String(month).padStart(2, "0")}:${stage}`;
}
