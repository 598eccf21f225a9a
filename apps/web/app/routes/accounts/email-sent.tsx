// E-mail sent /email-sent (docs/spec/accounts-and-details.md §2, §8 "Resend"): tells the visitor to open the
// verification link, with a Resend link (for the e-mail in the query) and a contact-support link.
import { useState } from "react";
import { Link, useSearchParams } from "react-router";

import { MESSAGES } from "@studyatlas/schemas/account-rules.ts";

import { accountApi } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import { AuthPageLayout } from "../../features/accounts/auth-page-layout.tsx";
import type { Route } from "./+types/email-sent";
import styles from "./account-pages.module.css";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Check your e-mail — StudyAtlas" }];
}

export default function EmailSent() {
  const [params] = useSearchParams();
  const email = params.get("email")?.trim() ?? "";
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  const [pending, setPending] = useState(false);

  const resend = async () => {
    if (!email) {
      setResult({ ok: false, text: MESSAGES.resendNoEmail });
      return;
    }
    setPending(true);
    const answer = await accountApi("resend-verify-email", { json: { email } });
    setPending(false);
    if (answer.ok) setResult({ ok: true, text: answer.data.message ?? MESSAGES.resendSuccess });
    else if (answer.status === 404)
      setResult({ ok: false, text: "No user found with this email address" });
    else if (answer.status === 429 || answer.status === 400)
      setResult({ ok: false, text: answer.data.detail ?? MESSAGES.resendFailed });
    else setResult({ ok: false, text: MESSAGES.resendFailed });
  };

  return (
    <AuthPageLayout>
      <div className={styles.center}>
        <h1 className={styles.title}>Check your e-mail</h1>
        <p className={styles.lead}>
          {email ? (
            <>
              We sent a verification link to <strong>{email}</strong>. Open it to confirm your
              address.
            </>
          ) : (
            "We sent you a verification link. Open it to confirm your address."
          )}
        </p>
        {result && (
          <p
            className={result.ok ? formStyles.formSuccess : formStyles.formError}
            role={result.ok ? "status" : "alert"}
          >
            {result.text}
          </p>
        )}
        <div className={styles.actions}>
          <button
            type="button"
            className={formStyles.secondary}
            onClick={() => void resend()}
            disabled={pending}
          >
            {pending ? "Sending..." : "Resend"}
          </button>
          <Link to="/contact-us" className={formStyles.secondary}>
            Contact support
          </Link>
        </div>
      </div>
    </AuthPageLayout>
  );
}
