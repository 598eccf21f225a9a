// The partner dashboard's Team page and the invitation's join form
// (docs/decisions/056-organisation-membership.md): every member sees the team; an owner invites
// by e-mail with a role, changes roles, removes members and withdraws invitations. The invitee
// signs up through the link, or accepts signed in with the invited address.
import { useState, type FormEvent } from "react";
import { Link, useRevalidator } from "react-router";

import { DASHBOARD_MESSAGES } from "@studyatlas/schemas/dashboards.ts";
import {
  MEMBER_ROLE_HINTS,
  MEMBER_ROLE_LABELS,
  MEMBER_ROLE_VALUES,
  TEAM_MESSAGES,
  type MemberRoleValue,
  type Team,
} from "@studyatlas/schemas/organisation-team.ts";

import { authErrorMessage, callApi } from "../../auth/account-api.ts";
import { FormField } from "../../components/form/form-field.tsx";
import { FormOutcome } from "../../components/form/form-parts.tsx";
import formStyles from "../../components/form/form.module.css";
import { InvitationSignUpForm } from "./dashboard-forms.tsx";
import styles from "./dashboard.module.css";

const day = (iso: string) => new Date(iso).toISOString().slice(0, 10);

function RoleSelect(props: {
  id: string;
  label: string;
  value: MemberRoleValue;
  onChange: (role: MemberRoleValue) => void;
  disabled?: boolean;
}) {
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        className={formStyles.select}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value as MemberRoleValue)}
      >
        {MEMBER_ROLE_VALUES.map((role) => (
          <option key={role} value={role}>
            {MEMBER_ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    </div>
  );
}

function InviteForm({ onDone }: { onDone: (message: string) => void }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<MemberRoleValue>("editor");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    const answer = await callApi("/api/dashboard/partner/team/invitations", {
      json: { email, role },
    });
    setPending(false);
    if (answer.status === 201) {
      setEmail("");
      setError(undefined);
      onDone(`${TEAM_MESSAGES.invited} ${email} can now join as ${MEMBER_ROLE_LABELS[role]}.`);
      return;
    }
    setError(answer.status === 0 ? DASHBOARD_MESSAGES.networkError : authErrorMessage(answer.data));
  };
  return (
    <form className={styles.inviteForm} onSubmit={(event) => void submit(event)} noValidate>
      <FormField
        label="E-mail of your teammate"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
      />
      <RoleSelect id="invite-role" label="Role" value={role} onChange={setRole} />
      <button type="submit" className={formStyles.primary} disabled={pending}>
        {pending ? "Sending..." : "Send invitation"}
      </button>
    </form>
  );
}

type Act = (path: string, method: string, json?: unknown, done?: string) => Promise<void>;

function MembersTable({ team, selfId, act }: { team: Team; selfId: number; act: Act }) {
  const owner = team.role === "owner";
  return (
    <table className={`${styles.table} ${styles.stacked}`}>
      <caption className={styles.visuallyHidden}>Members of your organisation</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">E-mail</th>
          <th scope="col">Role</th>
          <th scope="col">Joined</th>
          <th scope="col">
            <span className={styles.visuallyHidden}>Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {team.members.map((member) => {
          const name = `${member.first_name} ${member.last_name}`;
          return (
            <tr key={member.id}>
              <td>{name}</td>
              <td>{member.email}</td>
              <td>
                {owner ? (
                  <RoleSelect
                    id={`role-${member.id}`}
                    label={`Role of ${name}`}
                    value={member.role}
                    onChange={(role) =>
                      void act(
                        `/api/dashboard/partner/team/members/${member.id}`,
                        "PUT",
                        { role },
                        `${name} is now ${MEMBER_ROLE_LABELS[role]}.`,
                      )
                    }
                  />
                ) : (
                  MEMBER_ROLE_LABELS[member.role]
                )}
              </td>
              <td>{day(member.joined_at)}</td>
              <td>
                {(owner || member.id === selfId) && (
                  <button
                    type="button"
                    className={formStyles.secondary}
                    aria-label={member.id === selfId ? "Leave the organisation" : `Remove ${name}`}
                    onClick={() => {
                      const self = member.id === selfId;
                      const question = self
                        ? "Leave this organisation? You will lose access to its dashboard."
                        : `Remove ${name} from your organisation?`;
                      if (!window.confirm(question)) return;
                      void act(
                        `/api/dashboard/partner/team/members/${member.id}`,
                        "DELETE",
                        undefined,
                        `${name} was removed.`,
                      );
                    }}
                  >
                    {member.id === selfId ? "Leave" : "Remove"}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function InvitationsTable({ team, act }: { team: Team; act: Act }) {
  if (team.invitations.length === 0) return null;
  return (
    <table className={`${styles.table} ${styles.stacked}`}>
      <caption className={styles.visuallyHidden}>Open invitations</caption>
      <thead>
        <tr>
          <th scope="col">E-mail</th>
          <th scope="col">Role</th>
          <th scope="col">Valid until</th>
          <th scope="col">
            <span className={styles.visuallyHidden}>Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {team.invitations.map((invitation) => (
          <tr key={invitation.id}>
            <td>{invitation.email}</td>
            <td>{MEMBER_ROLE_LABELS[invitation.role]}</td>
            <td>{day(invitation.expires_at)}</td>
            <td>
              <button
                type="button"
                className={formStyles.secondary}
                aria-label={`Withdraw the invitation of ${invitation.email}`}
                onClick={() =>
                  void act(
                    `/api/dashboard/partner/team/invitations/${invitation.id}`,
                    "DELETE",
                    undefined,
                    `The invitation of ${invitation.email} was withdrawn.`,
                  )
                }
              >
                Withdraw
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TeamPage({ team, selfId }: { team: Team; selfId: number }) {
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<string>();
  const [error, setError] = useState<string>();
  const owner = team.role === "owner";
  const act = async (path: string, method: string, json?: unknown, done?: string) => {
    const answer = await callApi(path, { method, ...(json ? { json } : {}) });
    if (answer.status === 200 || answer.status === 204) {
      setError(undefined);
      setStatus(done);
      if (answer.status === 204) window.location.assign("/dashboard/partner");
      else void revalidator.revalidate();
      return;
    }
    setStatus(undefined);
    setError(answer.status === 0 ? DASHBOARD_MESSAGES.networkError : authErrorMessage(answer.data));
  };
  return (
    <>
      <h1 tabIndex={-1}>Team</h1>
      <p>
        Your role: <strong>{MEMBER_ROLE_LABELS[team.role]}</strong> — {MEMBER_ROLE_HINTS[team.role]}
      </p>
      <FormOutcome error={error} done={status} />
      <section className={styles.card} aria-labelledby="members">
        <h2 id="members">Members</h2>
        <MembersTable team={team} selfId={selfId} act={act} />
      </section>
      {owner && (
        <section className={styles.card} aria-labelledby="invite">
          <h2 id="invite">Invite a teammate</h2>
          <InviteForm
            onDone={(message) => {
              setStatus(message);
              setError(undefined);
              void revalidator.revalidate();
            }}
          />
          <InvitationsTable team={team} act={act} />
        </section>
      )}
    </>
  );
}

/** Signs up through the invitation: the address is the invitation's. */
export function TeamSignUpForm({ email, invitation }: { email: string; invitation: string }) {
  return (
    <InvitationSignUpForm
      email={email}
      invitation={invitation}
      endpoint="/api/dashboard/partner/invitation/register"
      label="Join"
      pendingLabel="Joining..."
    >
      <p>
        Already have a partner account with this address?{" "}
        <Link to="/dashboard/partner/login">Sign in</Link>, then open the link in your e-mail again.
      </p>
    </InvitationSignUpForm>
  );
}

/** The signed-in partner of the invited address accepts. */
export function TeamAcceptForm({ invitation }: { invitation: string }) {
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const accept = async () => {
    setPending(true);
    const answer = await callApi<{ redirect_to?: string }>(
      "/api/dashboard/partner/invitation/accept",
      { json: { invitation } },
    );
    setPending(false);
    if (answer.status === 200 && answer.data.redirect_to) {
      window.location.assign(answer.data.redirect_to);
      return;
    }
    setError(answer.status === 0 ? DASHBOARD_MESSAGES.networkError : authErrorMessage(answer.data));
  };
  return (
    <div className={formStyles.form}>
      <button
        type="button"
        className={formStyles.primary}
        disabled={pending}
        onClick={() => void accept()}
      >
        {pending ? "Joining..." : "Accept the invitation"}
      </button>
      {error && (
        <p className={formStyles.formError} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
