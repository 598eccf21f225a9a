// The five programme types and where they lead in the course finder (docs/spec/discovery.md §2: header
// Programmes submenu, footer, home quick links). `programme` is the exact query value the spec
// gives; the finder accepts every one of these spellings.
interface ProgrammeLink {
  /** Header and footer label. */
  label: string;
  /** Home quick-link label ("Undergraduates", "Graduates", ...). */
  audienceLabel: string;
  to: string;
  /**
   * The header opens Executive Education and Certificate Courses with a full page load
   * (docs/spec/accounts-and-details.md §2 Site header).
   */
  reloadDocumentInHeader: boolean;
}

export const PROGRAMME_LINKS: readonly ProgrammeLink[] = [
  {
    label: "Undergraduate",
    audienceLabel: "Undergraduates",
    to: "/coursefinder?programme=undergraduate",
    reloadDocumentInHeader: false,
  },
  {
    // Postgraduate programmes are shown to users as Graduate (docs/spec/discovery.md §1).
    label: "Graduate",
    audienceLabel: "Graduates",
    to: "/coursefinder?programme=postgraduate",
    reloadDocumentInHeader: false,
  },
  {
    label: "Executive Education",
    audienceLabel: "Executive Education",
    to: "/coursefinder?programme=Executive+Education",
    reloadDocumentInHeader: true,
  },
  {
    label: "Short Courses",
    audienceLabel: "Short Courses",
    to: "/coursefinder?programme=Short+Courses",
    reloadDocumentInHeader: false,
  },
  {
    label: "Certificate Courses",
    audienceLabel: "Certificate Courses",
    to: "/coursefinder?programme=Certificate+Courses",
    reloadDocumentInHeader: true,
  },
];

export const BROWSE_BY_DISCIPLINE_PATH = "/discipline/";
