// FAQ (docs/spec/accounts-and-details.md §2 "FAQ /faq"): an accordion of the six questions, one open at a
// time (clicking the open one closes it). Each question is a button with aria-expanded that
// controls its answer region. The page also carries FAQPage structured data for search engines,
// in an inline script with the request's CSP nonce.
import { useId, useState } from "react";
import { Link } from "react-router";

import {
  FAQ_ITEMS,
  faqStructuredData,
  jsonForScript,
  toggleFaq,
} from "../../features/site-pages/faq-content.ts";
import { ChevronDownIcon } from "../../components/icons/icons.tsx";
import { PageHero } from "../../features/site-pages/page-hero.tsx";
import styles from "../../features/site-pages/site-pages.module.css";
import { requestInfoContext } from "../../context.ts";
import type { Route } from "./+types/faq";
import faqStyles from "./faq.module.css";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Frequently asked questions — StudyAtlas" },
    {
      name: "description",
      content:
        "Answers about application documents, language tests, response times, contacting universities, scholarships and application forms.",
    },
  ];
}

export function loader({ context }: Route.LoaderArgs) {
  let nonce = "";
  try {
    nonce = context.get(requestInfoContext).nonce;
  } catch {
    // Rendered without the Fastify server (no CSP then).
  }
  return { nonce };
}

const STRUCTURED_DATA = jsonForScript(faqStructuredData(FAQ_ITEMS));

export default function Faq({ loaderData }: Route.ComponentProps) {
  const id = useId();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <>
      <script
        type="application/ld+json"
        nonce={loaderData.nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: STRUCTURED_DATA }}
      />
      <PageHero
        title="Frequently asked questions"
        lead="Straight answers about applying to online programmes. Can't find yours? Send us a message."
      />
      <section className={styles.section}>
        <div className={styles.container}>
          <ul className={faqStyles.list}>
            {FAQ_ITEMS.map((item, index) => {
              const expanded = open === index;
              const buttonId = `${id}-q${index}`;
              const panelId = `${id}-a${index}`;
              return (
                <li
                  key={item.question}
                  className={faqStyles.item}
                  data-open={expanded || undefined}
                >
                  <h2 className={faqStyles.question}>
                    <button
                      id={buttonId}
                      type="button"
                      className={faqStyles.toggle}
                      aria-expanded={expanded}
                      aria-controls={panelId}
                      onClick={() => setOpen((current) => toggleFaq(current, index))}
                    >
                      <span>{item.question}</span>
                      <ChevronDownIcon className={faqStyles.chevron} />
                    </button>
                  </h2>
                  <div
                    id={panelId}
                    role="region"
                    aria-labelledby={buttonId}
                    className={faqStyles.answer}
                    hidden={!expanded}
                  >
                    {item.answer.map((paragraph) => (
                      <p key={paragraph.slice(0, 40)}>{paragraph}</p>
                    ))}
                  </div>
                </li>
              );
            })}
          </ul>
          <p className={faqStyles.more}>
            Still have a question? <Link to="/contact-us">Contact us</Link> and we will get back to
            you.
          </p>
        </div>
      </section>
    </>
  );
}
