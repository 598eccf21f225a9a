// The contact form's state (docs/spec/accounts-and-details.md §2 "Contact /contact-us", §8): the
// fields, prefilled with the signed-in user's name and address; empty fields answer 'Please fill in
// all fields' without a request; a sent message clears the form.
import { type FormEvent, useState } from "react";

import { CONTACT_MESSAGES } from "@studyatlas/schemas/engagement-rules.ts";
import { contactFormError, type ContactForm } from "@studyatlas/schemas/engagement.ts";

import { accountApi } from "../../auth/account-api.ts";
import { useSession } from "../../auth/session-context.tsx";

export type ContactStatus =
  { kind: "idle" } | { kind: "sending" } | { kind: "success" } | { kind: "error"; text: string };

export function useContactForm() {
  const { user } = useSession();
  const empty: ContactForm = {
    name: user ? `${user.firstName} ${user.lastName}` : "",
    email: user?.email ?? "",
    message: "",
  };
  const [form, setForm] = useState<ContactForm>(empty);
  const [status, setStatus] = useState<ContactStatus>({ kind: "idle" });
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

  return { form, status, sending, update, submit };
}
