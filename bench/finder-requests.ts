// The unique finder queries the benchmarks ask (bench/finder.ts for the list, facets and page;
// bench/page-addresses.ts for bench:pages and bench:page-renders): every filter the finder has, drawn
// from the catalogue's own lists — disciplines, countries (several at once), degree types, free text
// with misspellings, tuition ranges (free included), duration, format, attendance, every order
// (random with a seed; half the free-text queries with none: relevance, the search box's default)
// and pages beyond the first, deep ones in the unfiltered list.
import { createRandom } from "@studyatlas/db/seed/random.ts";

import { misspell, WORDS } from "./finder-words.ts";

type FetchJson = (path: string) => Promise<unknown>;

export interface FinderRequest {
  query: string;
  text: boolean;
  /** Free text in the finder's default order for it, relevance (no `ordering` asked). */
  relevance: boolean;
}

/** `count` unique finder queries drawn from the catalogue's own lists. */
export async function uniqueFinderRequests(
  fetchJson: FetchJson,
  count: number,
): Promise<FinderRequest[]> {
  const disciplines = (
    (await fetchJson("/api/academics/discipline/list")) as { results: Array<{ slug: string }> }
  ).results;
  const countries = (
    (await fetchJson("/api/academics/country/list?page_size=1000")) as {
      results: Array<{ slug: string; enabled?: boolean }>;
    }
  ).results.filter((country) => country.enabled !== false);
  const degreeTypes = (await fetchJson("/api/academics/degree_type/list")) as {
    results: Array<{ id: number }>;
  };
  const r = createRandom(2026);
  const seen = new Set<string>();
  const requests: FinderRequest[] = [];
  const some = <T>(values: readonly T[], p: number): T[] =>
    r.chance(p) ? [...new Set(Array.from({ length: r.int(1, 2) }, () => r.pick(values)))] : [];
  while (requests.length < count) {
    const query = new URLSearchParams();
    const text = r.chance(0.25);
    if (text) {
      const words = Array.from({ length: r.int(1, 2) }, () => {
        const word = r.pick(WORDS);
        return r.chance(0.3) ? misspell(word, r) : word;
      });
      query.set("name", words.join(" "));
    }
    if (r.chance(0.4)) {
      query.set(
        "programme",
        r.pick(["undergraduate", "postgraduate", "short", "executive", "certificate"]),
      );
    }
    for (const d of some(
      disciplines.map((x) => x.slug),
      0.3,
    ))
      query.append("discipline", d);
    for (const c of some(
      countries.map((x) => x.slug),
      0.3,
    ))
      query.append("country", c);
    for (const d of some(["0,364", "365,728", "729,1095", "1096,1460", "1461,-1"], 0.25)) {
      query.append("duration", d);
    }
    for (const d of some(
      degreeTypes.results.map((x) => String(x.id)),
      0.15,
    )) {
      query.append("degree_type", d);
    }
    for (const a of some(["ONLINE", "BLENDED", "SITE"], 0.25)) query.append("attendance", a);
    if (r.chance(0.2)) query.set("course_format", r.pick(["FULL", "PART"]));
    if (r.chance(0.2)) {
      const low = r.pick([0, 1000, 5000, 10000, 20000]);
      query.set("tuition", r.chance(0.2) ? "0,-1" : `${low},${low + r.pick([2000, 10000, 50000])}`);
    }
    query.set("ordering", r.pick(["name", "-name", "tuition", "-tuition", "start_date", "random"]));
    if (query.get("ordering") === "random") query.set("seed", String(r.int(1, 1_000_000)));
    // Half the searches come as the search box sends them, with no order: relevance, the
    // finder's default for free text (the costliest order: PostgreSQL ranks the matches).
    const relevance = text && r.chance(0.5);
    if (relevance) {
      query.delete("ordering");
      query.delete("seed");
    }
    if (r.chance(0.3)) query.set("page", String(r.int(2, 3)));
    // Deep pages of the unfiltered list (every programme in some order): a visitor paging on.
    if ([...query.keys()].every((key) => key === "ordering" || key === "seed") && r.chance(0.5)) {
      query.set("page", String(r.int(10, 200)));
    }
    const key = query.toString();
    if (seen.has(key)) continue;
    seen.add(key);
    requests.push({ query: key, text, relevance });
  }
  return requests;
}
