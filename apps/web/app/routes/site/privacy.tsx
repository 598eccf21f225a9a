// Privacy policy: the default target of the footer's 'Privacy Policy' link (PRIVACY_POLICY_URL).
import { LegalPage } from "../../features/site-pages/legal-page.tsx";

export function meta() {
  return [
    { title: "Privacy policy — StudyAtlas" },
    {
      name: "description",
      content: "What personal data StudyAtlas keeps, why, and how you stay in control of it.",
    },
  ];
}

const SECTIONS = [
  {
    heading: "What we keep",
    paragraphs: [
      "When you create an account we keep your name, e-mail address and a hash of your password, plus the profile details you choose to add. We keep the programmes you save to your wishlist, the applications you send and your chat messages.",
      "When you subscribe to the newsletter we keep your e-mail address and name. When you write to us through the contact form we keep your name, e-mail address and message.",
    ],
  },
  {
    heading: "Why we keep it",
    paragraphs: [
      "To run your account, to pass your applications to the schools you choose, to answer your questions and, if you subscribed, to send you the newsletter. We do not sell personal data.",
    ],
  },
  {
    heading: "Cookies",
    paragraphs: [
      "We use a few strictly necessary cookies: your sign-in session, a security token that protects forms against cross-site requests, and a setting that keeps the order of random search results stable while you page through them. We use no advertising cookies.",
    ],
  },
  {
    heading: "Your choices",
    paragraphs: [
      "Every newsletter e-mail has a one-click unsubscribe link. You can change your profile in your account settings, and ask us to export or delete your data through the contact form.",
    ],
  },
];

export default function Privacy() {
  return (
    <LegalPage
      title="Privacy policy"
      lead="What we keep about you, why, and how you stay in control."
      updated="1 November 2026"
      sections={SECTIONS}
    />
  );
}
