// The home page's fixed content: the programme-type cards, the featured rows, the disciplines
// and countries it links to and the five reviews (docs/spec/discovery.md §2 "Home page", "Carousels", §7
// "Programme presets"). Links use the spec's exact query spellings.

export interface ProgrammeTypeCard {
  title: string;
  description: string;
  to: string;
  /** Chooses the card's colours. */
  tone: "blue" | "teal" | "violet" | "amber" | "rose";
}

/**
 * docs/spec/discovery.md §2 Home page item 3. The spec sends Executive Education and Certificate Courses
 * to an external course finder; ours go to our own programme pages (docs/spec-notes.md).
 */
export const PROGRAMME_TYPE_CARDS: readonly ProgrammeTypeCard[] = [
  {
    title: "Undergraduate Program",
    description: "Bachelor's degrees you can start online, full-time or part-time.",
    to: "/undergraduate",
    tone: "blue",
  },
  {
    title: "Graduate Program",
    description: "Master's degrees and MBAs to deepen your expertise or change direction.",
    to: "/graduate",
    tone: "violet",
  },
  {
    title: "Short Courses",
    description: "Learn a new skill in a few weeks, at your own pace.",
    to: "/shortcourse",
    tone: "teal",
  },
  {
    title: "Executive Education",
    description: "Leadership and management programmes for working professionals.",
    to: "/executive",
    tone: "amber",
  },
  {
    title: "Certificate Courses",
    description: "Professional certificates that show employers what you can do.",
    to: "/certificate",
    tone: "rose",
  },
];

export interface FeaturedRow {
  key: string;
  title: string;
  /** The course-list query (docs/spec/discovery.md §7), before the per-request seed is added. */
  query: Record<string, string | string[]>;
  viewAllTo: string;
}

/** docs/spec/discovery.md §1, §7: featured rows leave out schools on the Asia and Africa continents. */
const WITHOUT_ASIA_AND_AFRICA = { exclude_continent: ["AS", "AF"] };
const FEATURED_ROW_SIZE = "10";

function programmeRow(key: string, title: string, programme: string): FeaturedRow {
  return {
    key,
    title,
    query: {
      programme,
      featured: "true",
      ordering: "random",
      page_size: FEATURED_ROW_SIZE,
      ...WITHOUT_ASIA_AND_AFRICA,
    },
    viewAllTo: `/coursefinder?programme=${programme.replaceAll(" ", "+")}`,
  };
}

/** docs/spec/discovery.md §2 Home page item 4 and §7 "Programme presets", in the spec's order. */
export const FEATURED_ROWS: readonly FeaturedRow[] = [
  programmeRow("undergraduate", "Featured Undergraduate Programs", "undergraduate"),
  programmeRow("postgraduate", "Featured Graduate Programs", "postgraduate"),
  programmeRow("executive", "Executive Education", "Executive Education"),
  programmeRow("short", "Short Courses", "Short Courses"),
  programmeRow("certificate", "Certificate Courses", "Certificate Courses"),
  {
    // §7 "for free courses": free and unknown tuition, answered like the featured rows ("Same"),
    // so without schools in Asia and Africa too.
    key: "free",
    title: "Free Courses",
    query: {
      tuition: "0,-1",
      featured: "true",
      ordering: "random",
      page_size: FEATURED_ROW_SIZE,
      ...WITHOUT_ASIA_AND_AFRICA,
    },
    viewAllTo: "/coursefinder?tuition=0,-1",
  },
];

/** docs/spec/discovery.md §2 Home page item 5, in the spec's order; names stand in if the list fails. */
export const HOME_DISCIPLINES: readonly { slug: string; name: string }[] = [
  { slug: "agriculture-and-forestry", name: "Agriculture & Forestry" },
  { slug: "health-sciences", name: "Health Sciences" },
  { slug: "art-and-humanities", name: "Art & Humanities" },
  { slug: "business-and-administration", name: "Business & Administration" },
  { slug: "law", name: "Law" },
  { slug: "education-and-training", name: "Education & Training" },
  { slug: "engineering-and-technology", name: "Engineering & Technology" },
  { slug: "natural-sciences", name: "Natural Sciences" },
  { slug: "hospitality-leisure-and-sports", name: "Hospitality, Leisure & Sports" },
  { slug: "social-sciences", name: "Social Sciences" },
  { slug: "communication", name: "Communication" },
  { slug: "environmental-science", name: "Environmental Science" },
];

/** The tile's link, with the placeholder country and empty name the spec gives. */
export function disciplineFinderUrl(slug: string): string {
  return `/coursefinder?country=Where?&name=&discipline=${slug}`;
}

export interface CountryLink {
  slug: string;
  name: string;
}

/** docs/spec/discovery.md §2 "Country slugs used by country links": the Browse by Country carousel. */
export const BROWSE_COUNTRIES: readonly CountryLink[] = [
  { slug: "united-kingdom", name: "United Kingdom" },
  { slug: "united-states", name: "United States" },
  { slug: "canada", name: "Canada" },
  { slug: "australia", name: "Australia" },
  { slug: "germany", name: "Germany" },
  { slug: "netherlands", name: "Netherlands" },
  { slug: "singapore", name: "Singapore" },
  { slug: "france", name: "France" },
  { slug: "spain", name: "Spain" },
  { slug: "italy", name: "Italy" },
  { slug: "japan", name: "Japan" },
  { slug: "switzerland", name: "Switzerland" },
  { slug: "hong-kong", name: "Hong Kong" },
  { slug: "finland", name: "Finland" },
  { slug: "south-korea", name: "South Korea" },
];

/** docs/spec/discovery.md §2 Home page item 8: the ticker's 17 countries, in the spec's order. */
export const TICKER_COUNTRIES: readonly CountryLink[] = [
  { slug: "china", name: "China" },
  { slug: "france", name: "France" },
  { slug: "south-korea", name: "South Korea" },
  { slug: "india", name: "India" },
  { slug: "switzerland", name: "Switzerland" },
  { slug: "united-states", name: "United States" },
  { slug: "italy", name: "Italy" },
  { slug: "japan", name: "Japan" },
  { slug: "singapore", name: "Singapore" },
  { slug: "netherlands", name: "Netherlands" },
  { slug: "south-africa", name: "South Africa" },
  { slug: "sweden", name: "Sweden" },
  { slug: "hong-kong", name: "Hong Kong" },
  { slug: "united-kingdom", name: "United Kingdom" },
  { slug: "germany", name: "Germany" },
  { slug: "canada", name: "Canada" },
  { slug: "australia", name: "Australia" },
];

export function countryFinderUrl(slug: string): string {
  return `/coursefinder?country=${slug}`;
}

export interface Review {
  quote: string;
  text: string;
  author: string;
  /** Where the student lives; `countrySlug` draws the country picture. */
  country: string;
  countrySlug: string;
  programme: string;
}

/** docs/spec/discovery.md §2 Home page item 7 and §3 "Review (static)": five fixed entries. */
export const REVIEWS: readonly Review[] = [
  {
    quote: "I could finally study without leaving my job.",
    text: "Comparing part-time MBAs side by side — tuition, duration and start dates on one card — saved me weeks of emails. I started my programme three months after my first search.",
    author: "Amara Okafor",
    country: "Nigeria",
    countrySlug: "nigeria",
    programme: "Executive MBA, online",
  },
  {
    quote: "The filters found me a free course in an afternoon.",
    text: "I wanted to test data analysis before committing to a degree. The free-courses list and the duration filter showed me a six-week course that fit around my shifts.",
    author: "Lukas Becker",
    country: "Germany",
    countrySlug: "germany",
    programme: "Short course in data analysis",
  },
  {
    quote: "Schools from countries I had never considered.",
    text: "I was only looking at the UK until I browsed by country. I am now studying with a Dutch university, fully online, for less than half the fee I expected.",
    author: "Priya Raman",
    country: "India",
    countrySlug: "india",
    programme: "MSc Environmental Science",
  },
  {
    quote: "Clear, honest information — no guesswork.",
    text: "Every programme shows what it costs, how long it takes and whether it is blended or fully online. That made the conversation with my employer about funding easy.",
    author: "Sofía Martínez",
    country: "Mexico",
    countrySlug: "mexico",
    programme: "Certificate in Project Management",
  },
  {
    quote: "From a search box to my first lecture.",
    text: "I typed 'public health' and picked Canada. Two weeks later I had applied to two programmes and been accepted by one. The whole process felt simple.",
    author: "Daniel Kim",
    country: "South Korea",
    countrySlug: "south-korea",
    programme: "Master of Public Health",
  },
];

/**
 * docs/spec/accounts-and-details.md §2 "Discipline pages": the /discipline grid, the home page's twelve
 * plus computer science, medicine, psychology and humanities, and a last 'Art' tile. The spec
 * sends 'Art' to the environmental-science slug; ours opens the Art discipline
 * (docs/spec-notes.md).
 */
export const ALL_DISCIPLINES: readonly { slug: string; name: string }[] = [
  ...HOME_DISCIPLINES,
  { slug: "computer-science", name: "Computer Science" },
  { slug: "medicine", name: "Medicine" },
  { slug: "psychology", name: "Psychology" },
  { slug: "humanities", name: "Humanities" },
  { slug: "art", name: "Art" },
];
