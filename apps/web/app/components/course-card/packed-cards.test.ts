import { describe, expect, it } from "vitest";

import type { FinderCard } from "@studyatlas/core/finder/finder-page.ts";

import { packFinderCard, unpackFinderCard, unpackFinderCards } from "./packed-cards.ts";

const card: FinderCard = {
  id: 97338,
  slug: "advanced-diploma-in-data-science-hochschule-oberburg",
  name: "Advanced Diploma in Data Science",
  duration: 1.5,
  duration_base: "years",
  course_format: "PART",
  attendance: "ONLINE",
  course_dates: { start_month: 12, start_year: 2026 },
  tuition_fee: 3200,
  tuition_currency: { short_code: "EUR" },
  tuition_fee_base: "programme",
  school: {
    name: "Hochschule Oberburg",
    slug: "hochschule-oberburg",
    logo: "/media/schools/hochschule-oberburg/logo.svg",
    thumbnail: "/media/schools/hochschule-oberburg/thumbnail.svg",
    banner: "",
  },
};

describe("the finder's packed cards", () => {
  it("read back as the card they were made from", () => {
    const text = packFinderCard(card);
    expect(text).toBe(
      "97338|*|Advanced Diploma in Data Science|1.5|years|PART|ONLINE|12|2026|3200|EUR|programme|Hochschule Oberburg|hochschule-oberburg|*|*|",
    );
    expect(unpackFinderCard(text)).toEqual(card);
  });

  it("lose nothing of a value holding the separator or the escape", () => {
    const odd: FinderCard = {
      ...card,
      name: "Data | Society: 100% online %7C",
      school: { ...card.school, name: "A|B %25 School", banner: "|" },
      tuition_fee: 0,
    };
    expect(unpackFinderCard(packFinderCard(odd))).toEqual(odd);
  });

  it("write a slug the name and school do not give, or the mark itself, in full", () => {
    for (const slug of ["data-science-online-hochschule-oberburg", "*", "%2A", "a|b"]) {
      const other: FinderCard = { ...card, slug };
      expect(packFinderCard(other).split("|")[1]).not.toBe("*");
      expect(unpackFinderCard(packFinderCard(other))).toEqual(other);
    }
    const accented: FinderCard = {
      ...card,
      name: "Máster en Gestión d’Entreprise",
      slug: "master-en-gestion-dentreprise-hochschule-oberburg",
    };
    expect(packFinderCard(accented).split("|")[1]).toBe("*");
    expect(unpackFinderCard(packFinderCard(accented))).toEqual(accented);
  });

  it("name a picture at another address, or at the mark's own, in full", () => {
    const uploaded: FinderCard = {
      ...card,
      school: {
        ...card.school,
        logo: "/media/uploads/4f2a.png",
        thumbnail: "*",
        banner: "/media/schools/another-school/banner.svg",
      },
    };
    const text = packFinderCard(uploaded);
    expect(
      text.endsWith("|/media/uploads/4f2a.png|%2A|/media/schools/another-school/banner.svg"),
    ).toBe(true);
    expect(unpackFinderCard(text)).toEqual(uploaded);
    const percent: FinderCard = { ...card, school: { ...card.school, logo: "%2A" } };
    expect(unpackFinderCard(packFinderCard(percent))).toEqual(percent);
  });

  it("skip a text that is not a card", () => {
    const text = packFinderCard(card);
    expect(
      unpackFinderCards([text, "", "1|2|3", text.replace("|PART|", "|EVENINGS|"), text]),
    ).toEqual([card, card]);
    expect(unpackFinderCard(text.replace("|2026|", "|soon|"))).toBeUndefined();
  });
});
