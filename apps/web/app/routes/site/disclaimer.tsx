// Disclaimer: the default target of the footer's 'Disclaimer' link (DISCLAIMER_URL).
import { LegalPage } from "../../features/site-pages/legal-page.tsx";

export function meta() {
  return [
    { title: "Disclaimer — StudyAtlas" },
    {
      name: "description",
      content: "The limits of the programme information shown on StudyAtlas.",
    },
  ];
}

const SECTIONS = [
  {
    heading: "Programme details",
    paragraphs: [
      "Tuition, start dates, deadlines, durations and requirements come from the schools and can change. Amounts converted to other currencies use a dated exchange-rate snapshot and are indications only. Always confirm the details with the school before you apply or pay.",
    ],
  },
  {
    heading: "Links to other sites",
    paragraphs: [
      "Programme pages link to the schools' official websites. We are not responsible for the content of those sites or for the services the schools provide.",
    ],
  },
  {
    heading: "No guarantee of admission",
    paragraphs: [
      "Applying through StudyAtlas does not guarantee admission, a scholarship or a visa. Those decisions are made by the schools and the authorities concerned.",
    ],
  },
];

export default function Disclaimer() {
  return (
    <LegalPage
      title="Disclaimer"
      lead="What you can and cannot rely on in the information we show."
      updated="1 November 2026"
      sections={SECTIONS}
    />
  );
}
