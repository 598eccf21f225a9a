// The getting-started checklist on a new partner's overview (docs/decisions/056-organisation-membership.md
// "Getting started"): three steps, each ticked once the team has done it; the list goes away when
// all are done, or earlier when a member hides it (a cookie of this browser, per organisation).
import { useState } from "react";
import { Link } from "react-router";

import type { MemberRoleValue } from "@studyatlas/schemas/organisation-team.ts";

import formStyles from "../../components/form/form.module.css";
import styles from "./dashboard.module.css";
import manageStyles from "./lead-management.module.css";

/** The cookie that hides the checklist: its value is the organisation's id. */
export const CHECKLIST_HIDDEN_COOKIE = "partner_checklist_hidden";

export interface ChecklistState {
  organisationId: number;
  role: MemberRoleValue;
  schoolProfile: boolean;
  firstProgramme: boolean;
  leadDelivery: boolean;
}

interface Step {
  key: "schoolProfile" | "firstProgramme" | "leadDelivery";
  title: string;
  text: string;
  href?: string;
  action?: string;
}

function stepsFor(role: MemberRoleValue): Step[] {
  const editor = role !== "viewer";
  return [
    {
      key: "schoolProfile",
      title: "Complete your school profile",
      text: "An About text, your logo and a banner make your school page trustworthy.",
      ...(editor ? { href: "/dashboard/partner/school", action: "Edit the school profile" } : {}),
    },
    {
      key: "firstProgramme",
      title: "Add your first programme",
      text: "One at a time with the form, or many at once from a spreadsheet.",
      ...(editor ? { href: "/dashboard/partner/programmes/new", action: "Add a programme" } : {}),
    },
    {
      key: "leadDelivery",
      title: "Choose where new leads go",
      text:
        role === "owner"
          ? "An e-mail address for each new lead, or a webhook into your CRM."
          : "An owner of your organisation chooses the e-mail address or the webhook.",
      ...(role === "owner"
        ? { href: "/dashboard/partner/settings", action: "Set up lead delivery" }
        : {}),
    },
  ];
}

export function GettingStartedChecklist({ state }: { state: ChecklistState }) {
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;
  const steps = stepsFor(state.role);
  const done = steps.filter((step) => state[step.key]).length;
  const hide = () => {
    document.cookie = `${CHECKLIST_HIDDEN_COOKIE}=${state.organisationId}; path=/; max-age=31536000; samesite=lax`;
    setHidden(true);
  };
  return (
    <section className={styles.card} aria-labelledby="getting-started">
      <div className={manageStyles.checklistHead}>
        <h2 id="getting-started">Getting started</h2>
        <span className={styles.muted}>
          {done} of {steps.length} done
        </span>
      </div>
      <ol className={manageStyles.checklist}>
        {steps.map((step) => {
          const complete = state[step.key];
          return (
            <li key={step.key} data-done={complete}>
              <span className={manageStyles.checkMark} data-done={complete} aria-hidden="true">
                {complete ? "✓" : ""}
              </span>
              <span>
                <strong>{step.title}</strong>
                <span className={styles.visuallyHidden}>{complete ? " (done)" : " (to do)"}</span>
                <br />
                <span className={styles.muted}>{step.text}</span>
                {!complete && step.href && (
                  <>
                    {" "}
                    <Link to={step.href}>{step.action}</Link>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ol>
      <button type="button" className={formStyles.secondary} onClick={hide}>
        Hide this list
      </button>
    </section>
  );
}
