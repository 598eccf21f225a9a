// The six questions of the FAQ (docs/spec/accounts-and-details.md §2 "FAQ /faq"; the spec leaves the answers
// to us) and the accordion's one rule: one answer open at a time, clicking the open one closes it.

export interface FaqItem {
  question: string;
  /** Paragraphs of plain text (also used verbatim in the FAQPage structured data). */
  answer: readonly string[];
}

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: "What documents do I need to apply?",
    answer: [
      "Most schools ask for a copy of your passport or national ID, your transcripts and diplomas from previous studies (with certified translations if they are not in the language of instruction), a CV, and a personal statement or motivation letter. Many graduate programmes also ask for one or two letters of recommendation.",
      "The exact list differs per programme: open a programme's page and read its admission requirements, or ask the school through the programme page before you apply. Prepare scans early; certified translations can take a few weeks.",
    ],
  },
  {
    question: "Do I need a language proficiency test?",
    answer: [
      "If you are not a native speaker of the language a programme is taught in, you will usually need to prove your level. For English-taught programmes schools commonly accept IELTS Academic, TOEFL iBT, PTE Academic, Cambridge C1 Advanced or the Duolingo English Test; the minimum score is listed in the programme's requirements.",
      "Many schools waive the test if you completed a previous degree in that language or live in a country where it is an official language. Check the programme page, and ask the school if you are unsure whether you qualify for a waiver.",
    ],
  },
  {
    question: "How long does it take to hear back after I apply?",
    answer: [
      "It usually takes a few weeks to a few months. Programmes with rolling admissions often answer within two to six weeks; programmes with fixed application rounds reply after the round's deadline, which can mean two to three months.",
      "If you have not heard anything after the time the school mentions, contact its admissions office with your application number. Meanwhile, keep an eye on your inbox (and spam folder) in case the school asks for an extra document or an interview.",
    ],
  },
  {
    question: "How can I contact a university?",
    answer: [
      "Every programme page has a link to the programme's official website, where you find the admissions office's e-mail address and phone number. When you apply through StudyAtlas, an advisor opens a chat with you and can put your questions to the school directly.",
      "When you write to a school, mention the exact programme name, your intended start date and your nationality: admissions teams can then answer in one go.",
    ],
  },
  {
    question: "Where can I find scholarships?",
    answer: [
      "Start on the programme page: many list the school's own scholarships, tuition discounts and financial aid under tuition and scholarships. Schools often have early-application discounts or awards for particular countries or fields.",
      "Look also at government and foundation programmes in your home country and in the country of the school (for example Chevening, Fulbright, DAAD or Erasmus+), and at your employer, which may sponsor executive education or certificate courses. You can filter the course finder for free programmes too.",
    ],
  },
  {
    question: "Where can I find the application form?",
    answer: [
      "Open the programme you are interested in and press 'Apply Now'. Once you are signed in, the application form opens right there; after you send it, an advisor follows up in your chat.",
      "Some programmes are applied to on the school's own website; for those the button takes you to the official programme page, where the school's application form is.",
    ],
  },
];

/** The index open after clicking `clicked`: one open at a time; clicking the open one closes it. */
export function toggleFaq(open: number | null, clicked: number): number | null {
  return open === clicked ? null : clicked;
}

/** schema.org FAQPage for search engines (https://schema.org/FAQPage). */
export function faqStructuredData(items: readonly FaqItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer.join("\n\n") },
    })),
  };
}

/** JSON for an inline script: `<` escaped so the text can never close the script element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
