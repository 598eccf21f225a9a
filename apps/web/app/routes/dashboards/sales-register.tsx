// Sales registration /dashboard/sales/register?invitation=… (docs/spec/accounts-and-details.md §2;
// docs/decisions/016-organisations-and-dashboards.md "Sales agents"): only with an invitation
// from a sales agent; the address is the invitation's.
import { Link } from "react-router";

import { NotFoundError } from "@studyatlas/core/errors.ts";
import { salesInvitationEmail } from "@studyatlas/core/dashboards/sales-agents.ts";
import { DASHBOARD_MESSAGES, InvitationQuerySchema } from "@studyatlas/schemas/dashboards.ts";

import formStyles from "../../components/form/form.module.css";
import { getServices } from "../../context.ts";
import { AuthPageLayout } from "../../features/accounts/auth-page-layout.tsx";
import { SalesRegisterForm } from "../../features/dashboards/dashboard-forms.tsx";
import styles from "../accounts/account-pages.module.css";
import type { Route } from "./+types/sales-register";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Join the sales team — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const parsed = InvitationQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!parsed.success)
    return { invitation: null, email: null, problem: DASHBOARD_MESSAGES.invitationRequired };
  try {
    const email = await salesInvitationEmail(getServices(context).db, parsed.data.invitation);
    return { invitation: parsed.data.invitation, email, problem: null };
  } catch (error) {
    if (error instanceof NotFoundError)
      return { invitation: null, email: null, problem: error.message };
    throw error;
  }
}

export default function SalesRegister({ loaderData }: Route.ComponentProps) {
  const { invitation, email, problem } = loaderData;
  return (
    <AuthPageLayout>
      <h1 className={styles.title}>Join the sales team</h1>
      {invitation && email ? (
        <SalesRegisterForm email={email} invitation={invitation} />
      ) : (
        <>
          <p className={formStyles.formError} role="alert">
            {problem}
          </p>
          <Link to="/dashboard/sales/login">Sales sign in</Link>
        </>
      )}
    </AuthPageLayout>
  );
}
