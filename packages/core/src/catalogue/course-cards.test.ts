import { describe, expect, it } from "vitest";

import { CourseCardSchema, CourseListItemSchema } from "@studyatlas/schemas/catalogue.ts";

import { courseCardOf } from "./course-cards.ts";

const item = CourseListItemSchema.parse({
  id: 7,
  slug: "msc-data-science-x",
  name: "MSc Data Science",
  about: "A long description the card does not show.",
  duration: 2,
  duration_base: "years",
  duration_days: 730,
  course_format: "FULL",
  attendance: "ONLINE",
  course_dates: { start_month: 9, start_year: 2027, deadline_month: 7, deadline_year: 2027 },
  tuition_fee: 12000,
  tuition_fee_usd: 15000,
  tuition_currency: { short_code: "GBP", name: "Pound sterling", usd_exchange_rate: 1.25 },
  tuition_fee_base: "year",
  featured: false,
  published: true,
  programme_type: { id: 8, name: "Postgraduate", slug: "postgraduate", label: "Graduate" },
  degree_type: { id: 3, name: "Master of Science", short_name: "MSc" },
  language: { id: 1, name: "English", code: "en" },
  disciplines: [{ id: 2, name: "Computer Science", slug: "computer-science" }],
  school: {
    id: 4,
    name: "X University",
    slug: "x-university",
    logo: "/media/schools/x/logo.svg",
    thumbnail: "",
    banner: "/media/schools/x/banner.svg",
    video: "",
    city: "Leeds",
    country: {
      id: 1,
      name: "United Kingdom",
      slug: "united-kingdom",
      code: "GB",
      short_code: "GB",
      continent: "Europe",
    },
  },
  total_cost: {
    status: "known",
    amount: 24000,
    currency: "GBP",
    periods: 2,
    basis: "year",
    periods_estimated: false,
  },
});

describe("course cards", () => {
  it("keep exactly what the card shows and nothing else", () => {
    const card = courseCardOf(item);
    expect(CourseCardSchema.strict().parse(card)).toEqual(card);
    expect(card).toEqual({
      id: 7,
      slug: "msc-data-science-x",
      name: "MSc Data Science",
      duration: 2,
      duration_base: "years",
      course_format: "FULL",
      attendance: "ONLINE",
      course_dates: { start_month: 9, start_year: 2027 },
      tuition_fee: 12000,
      tuition_currency: { short_code: "GBP" },
      tuition_fee_base: "year",
      school: {
        name: "X University",
        slug: "x-university",
        logo: "/media/schools/x/logo.svg",
        thumbnail: "",
        banner: "/media/schools/x/banner.svg",
      },
      total_cost: item.total_cost,
    });
  });
});
