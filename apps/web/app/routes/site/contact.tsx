// Contact (docs/spec/accounts-and-details.md §2 "Contact /contact-us", §4, §5, §8): the 'Contact' banner,
// 'Have a question ?', 'Send Us A Message', the enquiry invitation, the support e-mail and postal
// address (SUPPORT_EMAIL, POSTAL_ADDRESS), and the form: Name *, Email *, Message * (4 rows),
// Send ('Sending...'). Empty fields: 'Please fill in all fields'. Success: 'Message sent
// successfully!' and the form clears. Failures in red.
import { ContactDetails } from "../../features/site-pages/contact-details.tsx";
import { ContactMessageForm } from "../../features/site-pages/contact-form.tsx";
import contactStyles from "../../features/site-pages/contact.module.css";
import { PageHero } from "../../features/site-pages/page-hero.tsx";
import styles from "../../features/site-pages/site-pages.module.css";
import { getServices } from "../../context.ts";
import type { Route } from "./+types/contact";

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Contact us — StudyAtlas" },
    {
      name: "description",
      content:
        "Questions about programmes, sponsorship or partnership? Send the StudyAtlas team a message.",
    },
  ];
}

export function loader({ context }: Route.LoaderArgs) {
  return { support: getServices(context).support };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Contact" tall lead="We usually answer within two working days." />
      <section className={styles.section}>
        <div className={`${styles.wide} ${contactStyles.layout}`}>
          <ContactDetails support={loaderData.support} />
          <ContactMessageForm />
        </div>
      </section>
    </>
  );
}
