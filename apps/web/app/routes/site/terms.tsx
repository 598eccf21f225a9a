// Terms of use: the default target of the footer's 'Terms of Use' link (TERMS_OF_USE_URL).
import { LegalPage } from "../../features/site-pages/legal-page.tsx";

export function meta() {
  return [
    { title: "Terms of use — StudyAtlas" },
    {
      name: "description",
      content: "The terms under which you may use the StudyAtlas website and services.",
    },
  ];
}

const SECTIONS = [
  {
    heading: "Using StudyAtlas",
    paragraphs: [
      "StudyAtlas helps you discover online study programmes offered by schools worldwide. You may browse, search and compare programmes without an account. Some features, such as the wishlist, applications and chat, need an account.",
      "You agree to use the site lawfully, not to disrupt it, and not to collect data from it by automated means beyond what our public API offers.",
    ],
  },
  {
    heading: "Your account",
    paragraphs: [
      "Keep your password to yourself and tell us if you think someone else has used your account. You are responsible for what happens under your account. You can ask us to delete it at any time.",
    ],
  },
  {
    heading: "Programme information",
    paragraphs: [
      "Schools supply the programme details we show, such as tuition, dates and admission requirements. We check them with care, but the school's own website and its admissions office have the final word. Admission decisions are always made by the school.",
    ],
  },
  {
    heading: "Changes",
    paragraphs: [
      "We may update these terms when our services change. The date at the top of this page shows the latest version; continuing to use the site after a change means you accept it.",
    ],
  },
];

export default function Terms() {
  return (
    <LegalPage
      title="Terms of use"
      lead="The rules for using StudyAtlas, in plain language."
      updated="1 November 2026"
      sections={SECTIONS}
    />
  );
}
