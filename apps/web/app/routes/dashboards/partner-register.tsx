// Partner registration /dashboard/partner/register (docs/spec/accounts-and-details.md §2, §7
// account/register_partner; docs/decisions/016-organisations-and-dashboards.md): the
// organisation waits for a sales agent's approval.
import { useState } from "react";
import { Link } from "react-router";

import formStyles from "../../components/form/form.module.css";
import { AuthPageLayout } from "../../features/accounts/auth-page-layout.tsx";
import { PartnerRegisterForm } from "../../features/dashboards/dashboard-forms.tsx";
import styles from "../accounts/account-pages.module.css";
import type { Route } from "./+types/partner-register";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Register your organisation — StudyAtlas" }];
}

export default function PartnerRegister() {
  const [done, setDone] = useState<string>();
  return (
    <AuthPageLayout>
      <h1 className={styles.title}>Register your organisation</h1>
      {done === undefined ? (
        <>
          <p className={styles.lead}>
            Schools and agents: list your programmes, follow your leads and numbers. Our team
            approves each organisation.
          </p>
          <PartnerRegisterForm onSuccess={setDone} />
        </>
      ) : (
        <>
          <p className={formStyles.formSuccess} role="status">
            {done}
          </p>
          <p className={styles.lead}>
            Once your address is verified you can sign in; we will e-mail you when your organisation
            is approved.
          </p>
          <Link to="/dashboard/partner/login" className={formStyles.primary}>
            Go to sign in
          </Link>
        </>
      )}
    </AuthPageLayout>
  );
}
