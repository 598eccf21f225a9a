// /dashboard/partner/join?invitation=… (docs/decisions/056-organisation-membership.md
// "Invitations"): the invitation's organisation and role; the invitee signs up through it, or,
// signed in with the invited address, accepts.
import { Link } from "react-router";

import { teamInvitation } from "@studyatlas/core/dashboards/members.ts";
import { NotFoundError } from "@studyatlas/core/errors.ts";
import { DASHBOARD_MESSAGES } from "@studyatlas/schemas/dashboards.ts";
import {
  MEMBER_ROLE_LABELS,
  TEAM_MESSAGES,
  TeamInvitationQuerySchema,
} from "@studyatlas/schemas/organisation-team.ts";

import formStyles from "../../components/form/form.module.css";
import { getServices, getSessionUser } from "../../context.ts";
import { AuthPageLayout } from "../../features/accounts/auth-page-layout.tsx";
import { TeamAcceptForm, TeamSignUpForm } from "../../features/dashboards/team-page.tsx";
import styles from "../accounts/account-pages.module.css";
import type { Route } from "./+types/partner-join";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Join your team — StudyAtlas" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const parsed = TeamInvitationQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!parsed.success) return { problem: DASHBOARD_MESSAGES.invitationRequired } as const;
  try {
    const invitation = await teamInvitation(getServices(context).db, parsed.data.invitation);
    const user = getSessionUser(context);
    const signedInAs = user ? user.email : null;
    return { problem: null, token: parsed.data.invitation, invitation, signedInAs } as const;
  } catch (error) {
    if (error instanceof NotFoundError) return { problem: error.message } as const;
    throw error;
  }
}

export default function PartnerJoin({ loaderData }: Route.ComponentProps) {
  if (loaderData.problem !== null) {
    return (
      <AuthPageLayout>
        <h1 className={styles.title}>Join your team</h1>
        <p className={formStyles.formError} role="alert">
          {loaderData.problem}
        </p>
        <Link to="/dashboard/partner/login">Partner sign in</Link>
      </AuthPageLayout>
    );
  }
  const { invitation, token, signedInAs } = loaderData;
  const same = signedInAs?.toLowerCase() === invitation.email.toLowerCase();
  return (
    <AuthPageLayout>
      <h1 className={styles.title}>Join {invitation.organisation}</h1>
      <p>
        You are invited as <strong>{MEMBER_ROLE_LABELS[invitation.role]}</strong> with{" "}
        {invitation.email}.
      </p>
      {same ? (
        <TeamAcceptForm invitation={token} />
      ) : signedInAs ? (
        <p className={formStyles.formError} role="alert">
          {TEAM_MESSAGES.otherAddress(invitation.email)}
        </p>
      ) : (
        <TeamSignUpForm email={invitation.email} invitation={token} />
      )}
    </AuthPageLayout>
  );
}
