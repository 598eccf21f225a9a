// Contact (docs/spec/accounts-and-details.md §2 "Contact /contact-us", §4, §5, §8): the 'Contact' banner,
// 'Have a question ?', 'Send Us A Message', the enquiry invitation, the support e-mail and postal
// address (SUPPORT_EMAIL, POSTAL_ADDRESS), and the form: Name *, Email *, Message * (4 rows),
// Send ('Sending...'). Empty fields: 'Please fill in all fields'. Success: 'Message sent
// successfully!' and the form clears. Failures in red.
import { useId, useState, type FormEvent } from "react";

import { CONTACT_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";
import { contactFormError, type ContactForm } from "@studyatlas/schemas/engagement.ts";

import { accountApi } from "../../auth/account-api.ts";
import { useSession } from "../../auth/session-context.tsx";
import { MapPinIcon } from "../../components/icons/icons.tsx";
import { PageHero } from "../../features/site-pages/page-hero.tsx";
import styles from "../../features/site-pages/site-pages.module.css";
import { getServices } from "../../context.ts";
import type { Route } from "./+types/contact";
import contactStyles from "./contact.module.css";

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

type Status =
  { kind: "idle" } | { kind: "sending" } | { kind: "success" } | { kind: "error"; text: string };

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { support } = loaderData;
  const { user } = useSession();
  const id = useId();
  const empty: ContactForm = {
    name: user ? `${user.firstName} ${user.lastName}` : "",
    email: user?.email ?? "",
    message: "",
  };
  const [form, setForm] = useState<ContactForm>(empty);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const sending = status.kind === "sending";

  const update = (field: keyof ContactForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (status.kind !== "sending") setStatus({ kind: "idle" });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const problem = contactFormError(form);
    if (problem) {
      setStatus({ kind: "error", text: problem });
      return;
    }
    setStatus({ kind: "sending" });
    const answer = await accountApi("create_contact", {
      json: { name: form.name.trim(), email: form.email.trim(), message: form.message.trim() },
    });
    if (answer.ok) {
      setStatus({ kind: "success" });
      setForm({ name: "", email: "", message: "" });
      return;
    }
    // §8: 'Something went wrong' or 'Failed to send message'; the server's own explanation (a
    // rate limit, a field) when it gave one.
    const text =
      answer.status === 0
        ? CONTACT_MESSAGES.somethingWrong
        : answer.status < 500 && answer.data.message
          ? answer.data.message
          : CONTACT_MESSAGES.failed;
    setStatus({ kind: "error", text });
  };

  const invalid = status.kind === "error";

  return (
    <>
      <PageHero title="Contact" tall lead="We usually answer within two working days." />
      <section className={styles.section}>
        <div className={`${styles.wide} ${contactStyles.layout}`}>
          <div className={contactStyles.info}>
            <p className={contactStyles.kicker}>Have a question ?</p>
            <h2 className={styles.sectionTitle}>Send Us A Message</h2>
            <p>
              Whether you have an enquiry about our products, sponsorship or a partnership with your
              school, we would love to hear from you. Write to us with the form, or reach us
              directly.
            </p>
            <ul className={contactStyles.details}>
              <li>
                <span className={contactStyles.detailLabel}>E-mail</span>
                <a href={`mailto:${support.email}`}>{support.email}</a>
              </li>
              <li>
                <span className={contactStyles.detailLabel}>
                  <MapPinIcon width={16} height={16} /> Address
                </span>
                <address>{support.postalAddress}</address>
              </li>
            </ul>
          </div>

          <form className={contactStyles.form} noValidate onSubmit={(event) => void submit(event)}>
            <label className={contactStyles.field}>
              <span>
                Name <span aria-hidden="true">*</span>
              </span>
              <input
                name="name"
                required
                autoComplete="name"
                maxLength={100}
                value={form.name}
                aria-invalid={invalid && !form.name.trim() ? true : undefined}
                onChange={(event) => update("name")(event.target.value)}
              />
            </label>
            <label className={contactStyles.field}>
              <span>
                Email <span aria-hidden="true">*</span>
              </span>
              <input
                name="email"
                type="email"
                required
                autoComplete="email"
                value={form.email}
                aria-invalid={
                  invalid && status.text === CONTACT_MESSAGES.invalidEmail ? true : undefined
                }
                onChange={(event) => update("email")(event.target.value)}
              />
            </label>
            <label className={contactStyles.field}>
              <span>
                Message <span aria-hidden="true">*</span>
              </span>
              <textarea
                name="message"
                required
                rows={4}
                maxLength={5000}
                value={form.message}
                aria-invalid={invalid && !form.message.trim() ? true : undefined}
                onChange={(event) => update("message")(event.target.value)}
              />
            </label>
            <p
              id={`${id}-status`}
              className={contactStyles.status}
              role="status"
              data-kind={status.kind}
            >
              {status.kind === "error" && status.text}
              {status.kind === "success" && CONTACT_MESSAGES.success}
            </p>
            <button
              type="submit"
              className={contactStyles.send}
              disabled={sending}
              aria-busy={sending || undefined}
            >
              {sending ? CONTACT_MESSAGES.sending : "Send"}
            </button>
          </form>
        </div>
      </section>
    </>
  );
}
