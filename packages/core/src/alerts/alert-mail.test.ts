import { describe, expect, it } from "vitest";

import { alertDigestMessage, digestSubject, type AlertSection } from "./alert-mail.ts";
import { describeChange } from "./changes.ts";

const search: AlertSection = {
  kind: "search",
  name: "MBA · Germany",
  path: "/coursefinder?name=MBA",
  count: 1200,
  newest: [{ id: 1, name: "MBA <Global>", slug: "mba-global", schoolName: "TU Example" }],
  token: "search-token",
};
const deadlines: AlertSection = {
  kind: "deadlines",
  token: "deadline-token",
  reminders: [{ name: "MSc Data", slug: "msc-data", deadline: "30 June 2031", daysLeft: 7 }],
};

describe("the alert digest", () => {
  it("names its one alert in the subject, or counts several", () => {
    expect(digestSubject([search])).toBe("1,200 new programmes match “MBA · Germany”");
    expect(digestSubject([deadlines])).toBe("7 days left to apply: MSc Data");
    expect(digestSubject([search, deadlines])).toBe(
      "Your StudyAtlas alerts: 1,200 new matches, 1 deadline soon",
    );
  });

  it("carries a one-click unsubscribe for every alert in it, and one link per alert in the body", () => {
    const message = alertDigestMessage(
      { email: "ada@example.com", firstName: "Ada" },
      [search, deadlines],
      "https://studyatlas.example",
    );
    expect(message.headers).toEqual({
      "List-Unsubscribe":
        "<https://studyatlas.example/api/alerts/unsubscribe?token=search-token&token=deadline-token>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(message.text).toContain(
      "Stop this alert: https://studyatlas.example/alerts/unsubscribe?token=search-token",
    );
    expect(message.text).toContain(
      "See them all: https://studyatlas.example/coursefinder?name=MBA",
    );
    expect(message.html).toContain("MBA &lt;Global&gt;");
    expect(message.html).not.toContain("<Global>");
    expect(message.link).toBe("https://studyatlas.example/coursefinder?name=MBA");
  });
});

describe("a wishlisted programme's changes", () => {
  const print = (fee: number, start: [number, number], deadline: [number, number]) =>
    JSON.stringify({ fee, currency: "EUR", base: "year", start, deadline });

  it("are told in words, one line for each thing that moved", () => {
    expect(
      describeChange(print(12000, [9, 2026], [6, 2026]), print(14000, [9, 2026], [6, 2026])),
    ).toEqual(["Tuition: 12,000 EUR per year → 14,000 EUR per year"]);
    expect(describeChange(print(-1, [9, 2026], [0, 0]), print(0, [1, 2027], [11, 2026]))).toEqual([
      "Tuition: not announced → free",
      "Start: September 2026 → January 2027",
      "Application deadline: not announced → November 2026",
    ]);
    expect(describeChange(print(1, [1, 2026], [1, 2026]), print(1, [1, 2026], [1, 2026]))).toEqual(
      [],
    );
  });
});
