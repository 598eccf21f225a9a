// Set a new password /set-pw?user=…&token=… (docs/spec/accounts-and-details.md §2, §5, §8): the e-mailed
// reset link lands here. Success: the spec's message, then after 2 s the visitor is signed out
// and taken home, where the sign-in modal opens.
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";

import { MESSAGES, RESET_REDIRECT_MS } from "@studyatlas/schemas/account-rules.ts";
import { SetPasswordFormSchema } from "@studyatlas/schemas/accounts.ts";
import { fieldErrorsOf } from "@studyatlas/schemas/form-errors.ts";

import { accountApi } from "../../auth/account-api.ts";
import formStyles from "../../components/form/form.module.css";
import { AuthPageLayout } from "../../features/accounts/auth-page-layout.tsx";
import { FormSubmit, NewPasswordFields } from "../../components/form/form-parts.tsx";
import { useFormFields } from "../../components/form/use-form-fields.ts";
import type { Route } from "./+types/set-password";
import styles from "./account-pages.module.css";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Set a new password — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

export default function SetPassword() {
  const [params] = useSearchParams();
  const user = params.get("user");
  const token = params.get("token");
  const form = useFormFields(
    { password: "", confirm: "" },
    (values) => fieldErrorsOf(SetPasswordFormSchema, values),
    ["confirm"],
  );
  const [error, setError] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user || !token) {
      setError(MESSAGES.invalidResetLink);
      return;
    }
    if (!form.attemptSubmit()) return;
    setPending(true);
    setError(undefined);
    const answer = await accountApi(
      `password_reset_confirm/${encodeURIComponent(user)}/${encodeURIComponent(token)}`,
      {
        json: { new_password: form.values.password },
      },
    );
    setPending(false);
    if (answer.ok) {
      setSuccess(MESSAGES.passwordResetSuccessful);
      window.setTimeout(() => {
        void accountApi("logout", { method: "POST", json: {} }).finally(() =>
          window.location.assign("/?login=true"),
        );
      }, RESET_REDIRECT_MS);
      return;
    }
    // §8: the detail, else the error, else the first new_password error, else the fallback.
    const data = answer.data as {
      detail?: string;
      error?: string;
      errors?: Record<string, string[]>;
      new_password?: string[];
    };
    setError(
      data.detail ??
        data.error ??
        data.errors?.new_password?.[0] ??
        data.new_password?.[0] ??
        MESSAGES.passwordResetFailed,
    );
  };

  return (
    <AuthPageLayout>
      <h1 className={styles.title}>Set a new password</h1>
      {!user || !token ? (
        <>
          <p className={formStyles.formError} role="alert">
            {MESSAGES.invalidResetLink}
          </p>
          <div className={styles.actions}>
            <Link to="/dashboard/reset-pw" className={formStyles.primary}>
              Request a new link
            </Link>
          </div>
        </>
      ) : success ? (
        <p className={formStyles.formSuccess} role="status">
          {success}
        </p>
      ) : (
        <>
          <p className={styles.lead}>Choose a new password for your StudyAtlas account.</p>
          <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
            <NewPasswordFields form={form} label="New password" />
            <FormSubmit
              error={error}
              pending={pending}
              label="Reset Password"
              pendingLabel="Saving..."
            />
          </form>
        </>
      )}
    </AuthPageLayout>
  );
}
