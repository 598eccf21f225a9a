// The unique addresses the page benchmarks ask (bench/pages.ts over HTTP, bench/page-renders.ts
// in process): programmes in random order, schools, countries, finder queries over every filter (finder-requests.ts),
// and the home page and the countries list with an ignored `?visit=N` (each has one address). The
// country pages repeat once every country has been asked (there are about 200).
import { createRandom } from "@studyatlas/db/seed/random.ts";

import { uniqueFinderRequests } from "./finder-requests.ts";

interface Listed {
  results: Array<{ slug: string; name?: string }>;
  next: string | null;
}

type FetchJson = (url: string) => Promise<unknown>;

/** Up to `limit` slugs (or names) from a paginated list endpoint. */
async function collect(
  fetchJson: FetchJson,
  path: string,
  limit: number,
  field: "slug" | "name",
): Promise<string[]> {
  const values: string[] = [];
  for (let page = 1; values.length < limit; page += 1) {
    const separator = path.includes("?") ? "&" : "?";
    const listed = (await fetchJson(`${path}${separator}page=${page}&page_size=100`)) as Listed;
    for (const row of listed.results) values.push(String(row[field]));
    if (!listed.next || listed.results.length === 0) break;
  }
  return values.slice(0, limit);
}

/** [label, addresses] for the six pages, `count` addresses each (fewer schools if fewer exist). */
export async function pageAddresses(
  fetchJson: FetchJson,
  options: { count: number; prefix?: string },
): Promise<Array<[string, string[]]>> {
  const { count } = options;
  const prefix = options.prefix ?? "";
  const r = createRandom(2026);
  const courses = r.shuffle(
    await collect(fetchJson, "/api/academics/course/list?ordering=random&seed=7", count, "slug"),
  );
  const schools = r.shuffle(await collect(fetchJson, "/api/academics/school/list", count, "slug"));
  const countries = r.shuffle(
    (
      (await fetchJson("/api/academics/country/list?page_size=1000")) as {
        results: Array<{ name: string; enabled?: boolean }>;
      }
    ).results
      .filter((country) => country.enabled !== false)
      .map((country) => country.name),
  );
  const finder = await uniqueFinderRequests(fetchJson, count);
  const countryPaths = Array.from(
    { length: count },
    (_, i) => `/countries/${encodeURIComponent(countries[i % countries.length] as string)}`,
  );
  return [
    ["home /", Array.from({ length: count }, (_, i) => `/?${prefix}visit=${i}`)],
    ["/course/{slug}", courses.map((slug) => `/course/${slug}`)],
    ["/school/{slug}", schools.map((slug) => `/school/${slug}`)],
    ["/countries/{name}", countryPaths],
    ["/countries", Array.from({ length: count }, (_, i) => `/countries?${prefix}visit=${i}`)],
    ["/coursefinder", finder.map((request) => `/coursefinder?${request.query}`)],
  ];
}
