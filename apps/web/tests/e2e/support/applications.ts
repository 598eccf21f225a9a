// Applications made through the API, for specs whose subject is what comes after applying (the
// chat, the advisor's view). Each spec takes its own indexes into the list so that no two apply to
// the same programme in one run.
import { expect, type Page } from "@playwright/test";

/** Who applies: the applicant's own fields of the application form. */
export type Applicant = {
  title: string;
  firstName: string;
  lastName: string;
  sex: string;
  phone: string;
  address: string;
  city: string;
  zip: string;
};

const ADA: Applicant = {
  title: "Mrs",
  firstName: "Ada",
  lastName: "Byron",
  sex: "Female",
  phone: "+44 20 7946 0000",
  address: "12 St James's Square",
  city: "London",
  zip: "SW1Y 4JH",
};

/** The programme at `index` of a name-sorted list, counted from the end. */
export async function someProgramme(
  page: Page,
  index: number,
): Promise<{ slug: string; name: string }> {
  const response = await page.request.get(
    `/api/academics/course/list?page_size=50&ordering=-name`,
    { maxRetries: 2 },
  );
  const list = (await response.json()) as { results: { slug: string; name: string }[] };
  const course = list.results[index];
  if (!course) throw new Error("too few programmes");
  return course;
}

/** Applies to `slug` as the signed-in student `email` through the API; answers the chat's id. */
export async function applyThroughApi(
  page: Page,
  slug: string,
  email: string,
  applicant: Applicant = ADA,
): Promise<number> {
  const countries = (await (
    await page.request.get("/api/academics/country/list", { maxRetries: 2 })
  ).json()) as { results: { id: number }[] };
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === "XSRF-TOKEN");
  const detail = (await (
    await page.request.get(`/api/academics/course/detail/${slug}`, { maxRetries: 2 })
  ).json()) as { id: number };
  const created = await page.request.post("/api/academics/course/create_interest", {
    headers: { "X-XSRF-TOKEN": xsrf?.value ?? "" },
    data: {
      course: detail.id,
      title: applicant.title,
      firstName: applicant.firstName,
      lastName: applicant.lastName,
      email,
      sex: applicant.sex,
      country: countries.results[0]!.id,
      nationality: countries.results[1]!.id,
      date_of_birth: "1990-12-10",
      phone_number: applicant.phone,
      address: applicant.address,
      city: applicant.city,
      zip_code: applicant.zip,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { chat_id: number }).chat_id;
}
