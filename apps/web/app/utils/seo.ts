// What search engines read on the programme, school and country pages: a unique
// title, a meta description, the canonical URL, Open Graph tags and schema.org JSON-LD. Pure
// builders over the loaders' data, unit-tested, and checked against Google's required course
// fields by the integration tests.
import type { MetaDescriptor } from "react-router";

import type { CourseDetail, School } from "@studyatlas/schemas/catalogue.ts";

export const SITE_NAME = "StudyAtlas";

/** An absolute URL on the public site. */
export function absoluteUrl(baseUrl: string, path: string): string {
  return new URL(path, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`).toString();
}

interface PageMetaInput {
  title: string;
  description: string;
  canonicalUrl: string;
  /** Absolute URL of the sharing picture. */
  imageUrl?: string;
  type?: "website" | "article";
  jsonLd?: readonly object[];
}

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const meta: MetaDescriptor[] = [
    { title: input.title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: input.canonicalUrl },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: input.canonicalUrl },
    { name: "twitter:card", content: input.imageUrl ? "summary_large_image" : "summary" },
  ];
  if (input.imageUrl) meta.push({ property: "og:image", content: input.imageUrl });
  for (const data of input.jsonLd ?? []) meta.push({ "script:ld+json": data });
  return meta;
}

const ISO_DURATION_UNIT: Record<string, string> = {
  years: "Y",
  months: "M",
  weeks: "W",
  days: "D",
};

/** A programme's length as an ISO 8601 duration ('P2Y', 'PT40H'), as schema.org wants. */
export function isoDuration(duration: number, unit: string): string | undefined {
  if (!(duration > 0)) return undefined;
  const normalised = unit.trim().toLowerCase().replace(/s?$/, "s");
  if (normalised === "hours") return `PT${duration}H`;
  const designator = ISO_DURATION_UNIT[normalised];
  return designator ? `P${duration}${designator}` : undefined;
}

/** schema.org / Google course modes: Online, Onsite, Blended. */
const COURSE_MODES: Record<CourseDetail["attendance"], string> = {
  ONLINE: "Online",
  SITE: "Onsite",
  BLENDED: "Blended",
};

/** 'YYYY-MM' when the intake's month and year are known. */
function isoMonth(year: number, month: number): string | undefined {
  if (year <= 0 || month <= 0 || month > 12) return undefined;
  return `${year}-${String(month).padStart(2, "0")}`;
}

/**
 * schema.org Course for Google's course info rich result: name, description, provider, offers
 * (category, plus price and currency when the fee is known) and hasCourseInstance (courseMode,
 * courseWorkload, startDate when announced).
 */
export function courseJsonLd(
  course: CourseDetail,
  urls: { page: string; school: string; baseUrl: string },
  description: string,
): Record<string, unknown> {
  const offer: Record<string, unknown> = {
    "@type": "Offer",
    category: course.tuition_fee === 0 ? "Free" : "Paid",
    url: urls.page,
  };
  if (course.tuition_fee >= 0) {
    offer.price = course.tuition_fee;
    offer.priceCurrency = course.tuition_currency.short_code.toUpperCase();
  }
  const instance: Record<string, unknown> = {
    "@type": "CourseInstance",
    courseMode: COURSE_MODES[course.attendance],
  };
  const workload = isoDuration(course.duration, course.duration_base);
  if (workload) instance.courseWorkload = workload;
  const startDate = isoMonth(course.course_dates.start_year, course.course_dates.start_month);
  if (startDate) instance.startDate = startDate;
  if (course.attendance !== "ONLINE" && course.school.city) {
    instance.location = {
      "@type": "Place",
      name: course.school.name,
      address: {
        "@type": "PostalAddress",
        addressLocality: course.school.city,
        addressCountry: course.school.country.code,
      },
    };
  }
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.name,
    description,
    url: urls.page,
    provider: {
      "@type": "CollegeOrUniversity",
      name: course.school.name,
      url: urls.school,
      ...(course.school.logo ? { logo: absoluteUrl(urls.baseUrl, course.school.logo) } : {}),
    },
    offers: [offer],
    hasCourseInstance: [instance],
  };
  if (course.language) data.inLanguage = course.language.code;
  if (course.degree_type) data.educationalCredentialAwarded = course.degree_type.name;
  if (course.disciplines.length > 0) data.about = course.disciplines.map((d) => d.name);
  return data;
}

/** schema.org CollegeOrUniversity for a school page. */
export function schoolJsonLd(
  school: School,
  urls: { page: string; baseUrl: string },
): Record<string, unknown> {
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "CollegeOrUniversity",
    name: school.name,
    url: urls.page,
    address: {
      "@type": "PostalAddress",
      ...(school.city ? { addressLocality: school.city } : {}),
      addressCountry: school.country.code,
    },
  };
  if (school.about) data.description = school.about;
  if (school.logo) data.logo = absoluteUrl(urls.baseUrl, school.logo);
  if (school.year_established) data.foundingDate = String(school.year_established);
  if (school.website) data.sameAs = [school.website];
  return data;
}

/** schema.org BreadcrumbList from (name, absolute URL) pairs, in order. */
export function breadcrumbJsonLd(
  items: readonly { name: string; url: string }[],
): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}
