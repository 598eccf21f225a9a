// Reset-password request /dashboard/reset-pw (docs/spec/accounts-and-details.md §2): an e-mail field and
// 'Send Reset Link'. The spec's page has no behaviour wired; ours sends the reset e-mail
// (docs/spec-notes.md).
import { useState } from "react";
import { Link } from "react-router";

import formStyles from "../../components/form/form.module.css";
import authStyles from "../../features/accounts/auth-forms.module.css";
import { ResetRequestForm } from "../../features/accounts/auth-forms.tsx";
import { AuthPageLayout } from "../../features/accounts/auth-page-layout.tsx";
import type { Route } from "./+types/reset-password-request";
import styles from "./account-pages.module.css";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Reset your password — StudyAtlas" }];
}

export default function ResetPasswordRequest() {
  const [sent, setSent] = useState<string>();
  return (
    <AuthPageLayout>
      <h1 className={styles.title}>Reset password</h1>
      <p className={styles.lead}>
        Enter the e-mail address of your account and we will send you a reset link.
      </p>
      {sent && (
        <p className={formStyles.formSuccess} role="status">
          {sent}
        </p>
      )}
      <ResetRequestForm onSuccess={setSent} />
      <p className={authStyles.switch}>
        <Link to="/auth">Back to sign in</Link>
      </p>
    </AuthPageLayout>
  );
}
