import { describe, expect, it } from "vitest";

import type { CourseDetail } from "@studyatlas/schemas/catalogue.ts";

import { absoluteUrl, courseJsonLd, isoDuration, pageMeta, schoolJsonLd } from "./seo.ts";

const COURSE: CourseDetail = {
  id: 1,
  slug: "msc-data-science",
  name: "MSc Data Science",
  about: "About.",
  duration: 2,
  duration_base: "years",
  duration_days: 731,
  course_format: "FULL",
  attendance: "SITE",
  course_dates: { start_month: 9, start_year: 2027, deadline_month: 6, deadline_year: 2027 },
  tuition_fee: 12000,
  tuition_fee_usd: 15000,
  tuition_currency: { short_code: "gbp", name: "Pound", usd_exchange_rate: 0.8 },
  tuition_fee_base: "year",
  featured: false,
  published: true,
  programme_type: { id: 8, name: "Postgraduate", slug: "postgraduate", label: "Graduate" },
  degree_type: { id: 3, name: "Master of Science", short_name: "MSc" },
  language: { id: 1, name: "English", code: "en" },
  disciplines: [{ id: 4, name: "Computer Science", slug: "computer-science" }],
  school: {
    id: 9,
    name: "Northbridge University",
    slug: "northbridge-university",
    logo: "/media/schools/northbridge-university/logo.svg",
    thumbnail: "",
    banner: "",
    video: "",
    city: "Leeds",
    country: {
      id: 6,
      name: "United Kingdom",
      slug: "united-kingdom",
      code: "GB",
      short_code: "GB",
      continent: "EU",
    },
  },
  overview: "",
  why_chose: "",
  who_for: "",
  admission_requirements: "",
  other_requirements: "",
  programme_structure: "",
  syllabus: "",
  tuition_and_aid: "",
  scholarship: "",
  video: "",
  official_programme_website: "",
  provenance: { fee: null, dates: null },
  entry_requirements: null,
  total_cost: {
    status: "known",
    amount: 24000,
    currency: "GBP",
    periods: 2,
    basis: "year",
    periods_estimated: false,
  },
};

const URLS = {
  page: "https://studyatlas.example/course/msc-data-science",
  school: "https://studyatlas.example/school/northbridge-university",
  baseUrl: "https://studyatlas.example",
};

describe("courseJsonLd (Google course info)", () => {
  it("carries provider, offers with price and currency, and the course instance", () => {
    const data = courseJsonLd(COURSE, URLS, "Learn data science.");
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Course",
      name: "MSc Data Science",
      description: "Learn data science.",
      provider: {
        "@type": "CollegeOrUniversity",
        name: "Northbridge University",
        url: URLS.school,
        logo: "https://studyatlas.example/media/schools/northbridge-university/logo.svg",
      },
      offers: [{ "@type": "Offer", category: "Paid", price: 12000, priceCurrency: "GBP" }],
      hasCourseInstance: [
        {
          "@type": "CourseInstance",
          courseMode: "Onsite",
          courseWorkload: "P2Y",
          startDate: "2027-09",
        },
      ],
    });
  });

  it("marks free programmes and leaves the price out when it is unknown", () => {
    const free = courseJsonLd({ ...COURSE, tuition_fee: 0 }, URLS, "d");
    expect(free.offers).toEqual([
      { "@type": "Offer", category: "Free", url: URLS.page, price: 0, priceCurrency: "GBP" },
    ]);
    const unknown = courseJsonLd({ ...COURSE, tuition_fee: -1 }, URLS, "d");
    expect(unknown.offers).toEqual([{ "@type": "Offer", category: "Paid", url: URLS.page }]);
  });

  it("leaves the start date out when it is not announced, and maps every mode", () => {
    const online = courseJsonLd(
      {
        ...COURSE,
        attendance: "ONLINE",
        course_dates: { ...COURSE.course_dates, start_month: 0 },
      },
      URLS,
      "d",
    );
    expect(online.hasCourseInstance).toEqual([
      { "@type": "CourseInstance", courseMode: "Online", courseWorkload: "P2Y" },
    ]);
    const blended = courseJsonLd({ ...COURSE, attendance: "BLENDED" }, URLS, "d");
    expect((blended.hasCourseInstance as { courseMode: string }[])[0]?.courseMode).toBe("Blended");
  });
});

describe("isoDuration", () => {
  it("writes ISO 8601 durations", () => {
    expect(isoDuration(2, "years")).toBe("P2Y");
    expect(isoDuration(18, "months")).toBe("P18M");
    expect(isoDuration(6, "weeks")).toBe("P6W");
    expect(isoDuration(1, "day")).toBe("P1D");
    expect(isoDuration(40, "hours")).toBe("PT40H");
    expect(isoDuration(0, "years")).toBeUndefined();
    expect(isoDuration(3, "semesters")).toBeUndefined();
  });
});

describe("pageMeta", () => {
  it("gives title, description, canonical link, Open Graph tags and JSON-LD", () => {
    const meta = pageMeta({
      title: "T",
      description: "D",
      canonicalUrl: "https://studyatlas.example/x",
      imageUrl: "https://studyatlas.example/i.svg",
      jsonLd: [{ "@type": "Thing" }],
    });
    expect(meta).toContainEqual({ title: "T" });
    expect(meta).toContainEqual({ name: "description", content: "D" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://studyatlas.example/x",
    });
    expect(meta).toContainEqual({ property: "og:url", content: "https://studyatlas.example/x" });
    expect(meta).toContainEqual({
      property: "og:image",
      content: "https://studyatlas.example/i.svg",
    });
    expect(meta).toContainEqual({ "script:ld+json": { "@type": "Thing" } });
  });

  it("builds absolute URLs with or without a trailing slash on the base", () => {
    expect(absoluteUrl("https://a.example", "/b")).toBe("https://a.example/b");
    expect(absoluteUrl("https://a.example/", "/b")).toBe("https://a.example/b");
  });
});

describe("schoolJsonLd", () => {
  it("describes a CollegeOrUniversity", () => {
    const data = schoolJsonLd(
      {
        id: 9,
        name: "Northbridge University",
        slug: "northbridge-university",
        logo: "/logo.svg",
        banner: "",
        thumbnail: "",
        video: "",
        about: "A university.",
        city: "Leeds",
        country: COURSE.school.country,
        institution_type: "Public university",
        year_established: 1904,
        website: "https://northbridge.example",
        courses_undergraduates: 1,
        courses_postgraduates: 1,
        courses_shortcourses: 0,
        courses_executive: 0,
        courses_certificates: 0,
        courses_total: 2,
        courses_bachelors: 1,
        courses_masters: 1,
        courses_doctorates: 0,
      },
      { page: "https://studyatlas.example/school/northbridge-university", baseUrl: URLS.baseUrl },
    );
    expect(data).toMatchObject({
      "@type": "CollegeOrUniversity",
      name: "Northbridge University",
      foundingDate: "1904",
      address: { addressLocality: "Leeds", addressCountry: "GB" },
      logo: "https://studyatlas.example/logo.svg",
    });
  });
});
