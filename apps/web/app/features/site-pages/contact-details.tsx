// The contact page's invitation beside the form (docs/spec/accounts-and-details.md §2 "Contact
// /contact-us"): 'Have a question ?', 'Send Us A Message', and the support e-mail and postal
// address the server is configured with (SUPPORT_EMAIL, POSTAL_ADDRESS).
import { MapPinIcon } from "../../components/icons/icons.tsx";
import styles from "./contact.module.css";
import pageStyles from "./site-pages.module.css";

export function ContactDetails({ support }: { support: { email: string; postalAddress: string } }) {
  return (
    <div className={styles.info}>
      <p className={styles.kicker}>Have a question ?</p>
      <h2 className={pageStyles.sectionTitle}>Send Us A Message</h2>
      <p>
        Whether you have an enquiry about our products, sponsorship or a partnership with your
        school, we would love to hear from you. Write to us with the form, or reach us directly.
      </p>
      <ul className={styles.details}>
        <li>
          <span className={styles.detailLabel}>E-mail</span>
          <a href={`mailto:${support.email}`}>{support.email}</a>
        </li>
        <li>
          <span className={styles.detailLabel}>
            <MapPinIcon width={16} height={16} /> Address
          </span>
          <address>{support.postalAddress}</address>
        </li>
      </ul>
    </div>
  );
}
