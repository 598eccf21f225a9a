// The newsletter block's two steps (docs/spec/discovery.md §4 "Newsletter", §8): the e-mail
// address, checked with the spec's rule, then the names in the dialog, then the answer of
// /api/subscription/add. An address already on the list gets the same answer as a new one.
import { type FormEvent, useRef, useState } from "react";

import {
  NEWSLETTER_MESSAGES,
  newsletterErrorMessage,
} from "@studyatlas/schemas/engagement-rules.ts";

import { callApi } from "../../auth/account-api.ts";

/** The checks, loaded on the first submit (newsletter-validation.ts). */
const loadValidation = () => import("./newsletter-validation.ts");

export type Outcome = { kind: "success" | "info" | "error"; text: string } | null;

export interface NameErrors {
  firstName?: string;
  lastName?: string;
}

export function useNewsletterSubscription() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | undefined>();
  const [firstName, setFirstName] = useState("");
  const [lastName, setLastName] = useState("");
  const [nameErrors, setNameErrors] = useState<NameErrors>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const openDialog = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const problem = (await loadValidation()).emailStepError(email);
    if (problem) {
      setEmailError(problem);
      return;
    }
    setEmailError(undefined);
    setNameErrors({});
    dialog.current?.showModal();
    // The focus goes to the first name field, where the visitor types next, not to the dialog's
    // close button.
    dialog.current?.querySelector<HTMLElement>("input")?.focus();
  };

  const closeDialog = () => dialog.current?.close();

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = (await loadValidation()).nameStepErrors(firstName, lastName);
    setNameErrors(errors);
    if (errors.firstName || errors.lastName) return;
    setBusy(true);
    const answer = await callApi<{ status?: string }>("/api/subscription/add", {
      json: { email: email.trim(), first_name: firstName.trim(), last_name: lastName.trim() },
    });
    setBusy(false);
    closeDialog();
    if (answer.status === 201) {
      setOutcome({ kind: "success", text: NEWSLETTER_MESSAGES.success });
      setEmail("");
      setFirstName("");
      setLastName("");
    } else {
      setOutcome({
        kind: "error",
        text: newsletterErrorMessage({
          status: answer.status,
          message: answer.data.message ?? answer.data.detail,
        }),
      });
    }
  };

  const changeEmail = (value: string) => {
    setEmail(value);
    if (emailError) setEmailError(undefined);
  };

  return {
    dialog,
    email,
    emailError,
    changeEmail,
    firstName,
    setFirstName,
    lastName,
    setLastName,
    nameErrors,
    busy,
    outcome,
    openDialog,
    closeDialog,
    confirm,
  };
}

export type NewsletterSubscription = ReturnType<typeof useNewsletterSubscription>;
