import { describe, expect, it } from "vitest";

import {
  cardImageOf,
  formatAmount,
  formatAttendance,
  formatCourseFormat,
  formatDuration,
  formatStartDate,
  isStartPast,
  formatTuition,
  truncateCourseName,
  truncateText,
} from "./course-display.ts";

const fee = (tuition_fee: number, short_code = "gbp", tuition_fee_base = "year") => ({
  tuition_fee,
  tuition_fee_base,
  tuition_currency: { short_code },
});

describe("truncateCourseName", () => {
  it("keeps names of up to 60 characters whole", () => {
    const sixty = "a".repeat(60);
    expect(truncateCourseName(sixty)).toBe(sixty);
    expect(truncateCourseName("MSc Data Science")).toBe("MSc Data Science");
  });

  it("cuts names over 60 characters at 64 and adds an ellipsis", () => {
    const long = "Master of Science in International Business and Sustainable Development Studies";
    expect(long.length).toBeGreaterThan(64);
    expect(truncateCourseName(long)).toBe(`${long.slice(0, 64).trimEnd()}…`);
    expect(truncateCourseName("b".repeat(100))).toBe(`${"b".repeat(64)}…`);
  });

  it("adds the ellipsis to names of 61 to 64 characters without cutting them", () => {
    expect(truncateCourseName("c".repeat(61))).toBe(`${"c".repeat(61)}…`);
    expect(truncateCourseName("d".repeat(64))).toBe(`${"d".repeat(64)}…`);
  });

  it("does not leave a space or a stop before the ellipsis", () => {
    const name = `${"e".repeat(63)} and more words`;
    expect(truncateCourseName(name)).toBe(`${"e".repeat(63)}…`);
    expect(truncateCourseName(`${"f".repeat(62)}, and more`)).toBe(`${"f".repeat(62)}…`);
    expect(truncateCourseName(`${"g".repeat(63)}. More`)).toBe(`${"g".repeat(63)}…`);
  });
});

describe("formatTuition", () => {
  it("shows N/A for an unknown (negative) fee", () => {
    expect(formatTuition(fee(-1))).toBe("N/A");
    expect(formatTuition(fee(-250))).toBe("N/A");
  });

  it("shows FREE for a zero fee", () => {
    expect(formatTuition(fee(0))).toBe("FREE");
  });

  it("separates thousands with commas", () => {
    expect(formatTuition(fee(12500))).toBe("12,500 GBP / year");
    expect(formatTuition(fee(1234567.5, "usd", "programme"))).toBe("1,234,567.5 USD / programme");
    expect(formatTuition(fee(950))).toBe("950 GBP / year");
  });

  it("upper-cases the currency code", () => {
    expect(formatTuition(fee(4000, "eur"))).toBe("4,000 EUR / year");
  });

  it("adds the fee base after a slash, and leaves it out when there is none", () => {
    expect(formatTuition(fee(3000, "CHF", "semester"))).toBe("3,000 CHF / semester");
    expect(formatTuition(fee(950, "EUR", ""))).toBe("950 EUR");
  });
});

describe("formatDuration", () => {
  it("reads '{n} {unit}' in lower case", () => {
    expect(formatDuration({ duration: 18, duration_base: "Months" })).toBe("18 months");
    expect(formatDuration({ duration: 3, duration_base: "YEARS" })).toBe("3 years");
  });

  it("uses the singular for one", () => {
    expect(formatDuration({ duration: 1, duration_base: "years" })).toBe("1 year");
  });
});

describe("formatCourseFormat", () => {
  it("labels FULL and PART", () => {
    expect(formatCourseFormat("FULL")).toBe("Full-time");
    expect(formatCourseFormat("PART")).toBe("Part-time");
  });
});

describe("formatAttendance", () => {
  it("labels the three attendance modes", () => {
    expect(formatAttendance("BLENDED")).toBe("Blended Learning");
    expect(formatAttendance("ONLINE")).toBe("Online Learning");
    expect(formatAttendance("SITE")).toBe("On Campus Learning");
  });
});

describe("formatStartDate", () => {
  it("shows a three-letter month and the year", () => {
    expect(formatStartDate({ start_month: 9, start_year: 2027 })).toBe("Sep 2027");
    expect(formatStartDate({ start_month: 1, start_year: 2026 })).toBe("Jan 2026");
    expect(formatStartDate({ start_month: 12, start_year: 2028 })).toBe("Dec 2028");
  });

  it("is left out when start_month is 0 or less", () => {
    expect(formatStartDate({ start_month: 0, start_year: 2027 })).toBeUndefined();
    expect(formatStartDate({ start_month: -1, start_year: 2027 })).toBeUndefined();
  });

  it("is left out for a month that does not exist", () => {
    expect(formatStartDate({ start_month: 13, start_year: 2027 })).toBeUndefined();
  });
});

describe("cardImageOf", () => {
  it("prefers the thumbnail and falls back to the banner", () => {
    expect(cardImageOf({ thumbnail: "/t.svg", banner: "/b.svg" })).toBe("/t.svg");
    expect(cardImageOf({ thumbnail: "", banner: "/b.svg" })).toBe("/b.svg");
    expect(cardImageOf({ thumbnail: "", banner: "" })).toBe("");
  });
});

describe("truncateText (the wishlist card's 120-character about text, §9)", () => {
  it("keeps text up to the limit whole", () => {
    expect(truncateText("A short summary.", 120)).toBe("A short summary.");
    expect(truncateText("x".repeat(120), 120)).toBe("x".repeat(120));
  });

  it("cuts longer text at a word near the limit, without a dangling stop, and adds an ellipsis", () => {
    const text = `${"word ".repeat(22)}taught online. More text follows here.`;
    const cut = truncateText(text, 120);
    expect(cut.length).toBeLessThanOrEqual(121);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut).not.toMatch(/[.\s]…$/);
  });

  it("cuts a single long word at the limit", () => {
    expect(truncateText("y".repeat(200), 120)).toBe(`${"y".repeat(120)}…`);
  });
});

describe("formatAmount", () => {
  it("writes every amount as Intl's en-US format with up to two decimals does", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
    const amounts = [0, 1, 12, 123, 999, 1000, 1234, 12_000, 98_765, 100_000, 1_234_567];
    amounts.push(98_765.43, 0.5, 1234.005, Number.MAX_SAFE_INTEGER, 2 ** 60, -1200);
    for (let n = 1; n < 1e16; n *= 7) amounts.push(Math.floor(n), Math.floor(n) + 0.25);
    for (const amount of amounts)
      expect(formatAmount(amount), String(amount)).toBe(intl.format(amount));
  });
});

describe("isStartPast (ADR 057)", () => {
  const today = new Date(Date.UTC(2026, 10, 27));
  it("is true for a month before this one, of this year or an earlier one", () => {
    expect(isStartPast({ start_month: 1, start_year: 2026 }, today)).toBe(true);
    expect(isStartPast({ start_month: 10, start_year: 2026 }, today)).toBe(true);
    expect(isStartPast({ start_month: 12, start_year: 2025 }, today)).toBe(true);
  });
  it("is false for this month, later ones, and dates without a year or month", () => {
    expect(isStartPast({ start_month: 11, start_year: 2026 }, today)).toBe(false);
    expect(isStartPast({ start_month: 1, start_year: 2027 }, today)).toBe(false);
    expect(isStartPast({ start_month: 1, start_year: 0 }, today)).toBe(false);
    expect(isStartPast({ start_month: 0, start_year: 2020 }, today)).toBe(false);
  });
});
