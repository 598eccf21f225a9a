// The demo catalogue's structured requirements say what its admission text says (ADR 054).
import { describe, expect, it } from "vitest";

import { seedRequirementsOf } from "./entry-requirements.ts";

const course = (admission: string, other = "", shuffleKey = 7) => ({
  id: 1,
  admissionRequirements: `<ul>${admission}</ul>`,
  otherRequirements: other,
  shuffleKey,
});

describe("the seeded entry requirements", () => {
  it("read an open course, the education, the work and the English tests from the text", () => {
    expect(seedRequirementsOf(course("<li>No formal entry requirements</li>"))).toMatchObject({
      noFormal: true,
      education: null,
      ielts: null,
    });
    expect(
      seedRequirementsOf(
        course(
          "<li>Bachelor&#39;s degree in a related field</li>",
          "<p>IELTS 6.5 or TOEFL iBT 90 unless you studied in English.</p>",
        ),
      ),
    ).toMatchObject({ noFormal: false, education: "bachelor", ielts: 6.5, toeflIbt: 90 });
    expect(
      seedRequirementsOf(
        course(
          "<li>At least five years of professional experience</li><li>Bachelor's degree or equivalent qualification</li>",
          "<p>Applicants whose first language is not English need level B2 or above.</p>",
        ),
      ),
    ).toMatchObject({ education: "bachelor", workYears: 5, cambridge: 160, ielts: null });
    expect(
      seedRequirementsOf(course("<li>Secondary school diploma or equivalent (A levels, IB)</li>")),
    ).toMatchObject({ education: "secondary", workYears: null });
  });

  it("leaves about one programme in ten without structured requirements", () => {
    expect(seedRequirementsOf(course("<li>No formal entry requirements</li>", "", 40))).toBeNull();
  });
});
