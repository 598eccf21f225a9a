// The e-mail a partner gets when a sales agent approves or suspends its organisation
// (docs/decisions/016-organisations-and-dashboards.md "Organisations"; docs/spec-notes.md
// "Approval e-mails"): the registration's confirmation and the pending dashboard promise it.
// Every member of the organisation gets one; a decision that changes nothing sends nothing.
import { organisationDecisionMessage, type Mailer } from "../accounts/mail-messages.ts";
import type { OrganisationDetail } from "./organisations.ts";

export async function mailOrganisationDecision(
  context: { mailer: Mailer; publicBaseUrl: string },
  organisation: OrganisationDetail,
): Promise<void> {
  const status = organisation.status;
  if (status !== "approved" && status !== "suspended") return;
  const link = `${context.publicBaseUrl}${status === "approved" ? "/dashboard/partner" : "/dashboard/partner/login"}`;
  for (const member of organisation.members) {
    await context.mailer.send(
      organisationDecisionMessage(
        member.email,
        { firstName: member.first_name, organisation: organisation.name, status },
        link,
      ),
    );
  }
}
