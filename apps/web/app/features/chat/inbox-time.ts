// Times of the advisors' inbox (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md): the
// snooze choices, counted from the reader's clock and zone, and how a snooze shows.

export interface SnoozeChoice {
  value: string;
  label: string;
}

/** Later today, tomorrow morning and next Monday morning, each in the reader's own zone. */
export function snoozeChoices(now: Date): (SnoozeChoice & { until: Date })[] {
  const inHours = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
  const morning = (daysAhead: number) => {
    const day = new Date(now);
    day.setDate(day.getDate() + daysAhead);
    day.setHours(9, 0, 0, 0);
    return day;
  };
  const daysToMonday = (8 - now.getDay()) % 7 || 7;
  return [
    { value: "1h", label: "For 1 hour", until: inHours(1) },
    { value: "4h", label: "For 4 hours", until: inHours(4) },
    { value: "tomorrow", label: "Until tomorrow, 09:00", until: morning(1) },
    { value: "monday", label: "Until Monday, 09:00", until: morning(daysToMonday) },
  ];
}

/** "Tue 3 Dec, 09:00" in the given zone (UTC on the server). */
export function snoozeTime(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString("en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    ...(timeZone ? { timeZone } : {}),
  });
}

/** Whether a snooze is still running at `now`. */
export function isSnoozed(snoozedUntil: string | null, now: Date): boolean {
  return snoozedUntil !== null && Date.parse(snoozedUntil) > now.getTime();
}
