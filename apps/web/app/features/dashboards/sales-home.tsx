// The sales dashboard (docs/decisions/016-organisations-and-dashboards.md "Organisations", "Sales
// agents"): organisations by status with approval, suspension and school linking, and invitations
// of new sales agents. Each change calls the sales API and reloads the page's data.
import { useId, useState, type FormEvent } from "react";
import { Form, Link, useRevalidator, useSearchParams } from "react-router";

import type {
  OrganisationDetail,
  SalesInvitation,
  SchoolForLinking,
} from "@studyatlas/schemas/dashboards.ts";

import { callApi } from "../../auth/account-api.ts";
import { FormField } from "../../components/form/form-field.tsx";
import formStyles from "../../components/form/form.module.css";
import { StatusBadge } from "./dashboard-shell.tsx";
import styles from "./dashboard.module.css";
import { Pager } from "./pager.tsx";

export interface SalesHomeData {
  organisations: { count: number; results: OrganisationDetail[] };
  invitations: SalesInvitation[];
  status: "pending" | "approved" | "suspended" | null;
  q: string;
  page: number;
  pageSize: number;
}

const FILTERS = [
  { status: null, label: "All" },
  { status: "pending", label: "Pending" },
  { status: "approved", label: "Approved" },
  { status: "suspended", label: "Suspended" },
] as const;

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });

export function SalesHome({ data }: { data: SalesHomeData }) {
  const [params] = useSearchParams();
  return (
    <>
      <h1 tabIndex={-1}>Organisations</h1>
      <nav aria-label="Organisation status" className={styles.filters}>
        {FILTERS.map((filter) => {
          const next = new URLSearchParams();
          if (filter.status) next.set("status", filter.status);
          if (data.q) next.set("q", data.q);
          const current = data.status === filter.status;
          return (
            <Link
              key={filter.label}
              to={`?${next.toString()}`}
              aria-current={current ? "page" : undefined}
              className={styles.filter}
            >
              {filter.label}
            </Link>
          );
        })}
      </nav>
      <Form method="get" className={styles.search} role="search">
        {data.status && <input type="hidden" name="status" value={data.status} />}
        <label htmlFor="organisation-search" className={styles.visuallyHidden}>
          Search organisations by name or e-mail
        </label>
        <input
          id="organisation-search"
          name="q"
          type="search"
          defaultValue={data.q}
          placeholder="Name or member e-mail"
          className={formStyles.input}
        />
        <button type="submit" className={formStyles.secondary}>
          Search
        </button>
      </Form>
      <p className={styles.muted} role="status">
        {data.organisations.count === 1
          ? "1 organisation"
          : `${data.organisations.count.toLocaleString("en")} organisations`}
      </p>
      <ul className={styles.organisations}>
        {data.organisations.results.map((organisation) => (
          <OrganisationCard key={organisation.id} organisation={organisation} />
        ))}
      </ul>
      <Pager
        page={data.page}
        count={data.organisations.count}
        pageSize={data.pageSize}
        query={params.toString()}
      />
      <Invitations invitations={data.invitations} />
    </>
  );
}

function OrganisationCard({ organisation }: { organisation: OrganisationDetail }) {
  const revalidator = useRevalidator();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const headingId = useId();

  const act = async (path: string, init: { method?: string; json?: unknown }) => {
    setPending(true);
    setError(undefined);
    const answer = await callApi(
      `/api/dashboard/sales/organisations/${organisation.id}${path}`,
      init,
    );
    setPending(false);
    if (!answer.ok) {
      setError(answer.data.detail ?? "Something went wrong. Please try again.");
      return;
    }
    await revalidator.revalidate();
  };

  return (
    <li className={styles.organisation} aria-labelledby={headingId}>
      <div className={styles.organisationHead}>
        <h2 id={headingId}>{organisation.name}</h2>
        <StatusBadge status={organisation.status} />
        <span className={styles.muted}>
          {organisation.kind === "agent" ? "Agency" : "School"} · registered{" "}
          {dateOf(organisation.created_at)}
        </span>
      </div>
      <p className={styles.members}>
        {organisation.members.map((member) => (
          <span key={member.id}>
            {member.first_name} {member.last_name} &lt;{member.email}&gt;
          </span>
        ))}
      </p>
      <div className={styles.schools}>
        <span className={styles.label}>Schools:</span>
        {organisation.schools.length === 0 && <span className={styles.muted}>none linked</span>}
        {organisation.schools.map((school) => (
          <span key={school.id} className={styles.chip}>
            <a href={`/school/${school.slug}`}>{school.name}</a>
            <button
              type="button"
              aria-label={`Unlink ${school.name}`}
              disabled={pending}
              onClick={() => void act(`/schools/${school.id}`, { method: "DELETE" })}
            >
              ×
            </button>
          </span>
        ))}
      </div>
      <SchoolLinker
        organisationName={organisation.name}
        disabled={pending}
        onLink={(schoolId) => act("/schools", { json: { school_id: schoolId } })}
      />
      <div className={styles.actions}>
        {organisation.status !== "approved" && (
          <button
            type="button"
            className={formStyles.primary}
            disabled={pending}
            onClick={() => void act("/status", { json: { status: "approved" } })}
          >
            {organisation.status === "suspended" ? "Restore" : "Approve"}
          </button>
        )}
        {organisation.status !== "suspended" && (
          <button
            type="button"
            className={formStyles.secondary}
            disabled={pending}
            onClick={() => void act("/status", { json: { status: "suspended" } })}
          >
            Suspend
          </button>
        )}
      </div>
      {error && (
        <p className={formStyles.formError} role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function SchoolLinker({
  organisationName,
  disabled,
  onLink,
}: {
  organisationName: string;
  disabled: boolean;
  onLink: (schoolId: number) => Promise<void>;
}) {
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<SchoolForLinking[] | null>(null);
  const inputId = useId();

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) return;
    const answer = await callApi<{ results: SchoolForLinking[] }>(
      `/api/dashboard/sales/schools?q=${encodeURIComponent(query.trim())}`,
    );
    setResults(answer.ok ? answer.data.results : []);
  };

  return (
    <div className={styles.linker}>
      <form onSubmit={(event) => void search(event)} className={styles.search}>
        <label htmlFor={inputId} className={styles.visuallyHidden}>
          Find a school to link to {organisationName}
        </label>
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Find a school to link"
          className={formStyles.input}
        />
        <button type="submit" className={formStyles.secondary}>
          Find
        </button>
      </form>
      {results && (
        <ul className={styles.results} aria-label={`Schools matching ${query}`}>
          {results.length === 0 && <li className={styles.muted}>No school matches.</li>}
          {results.map((school) => (
            <li key={school.id}>
              <span>
                {school.name}
                {school.country ? `, ${school.country}` : ""}
                {school.organisation && (
                  <span className={styles.muted}> (linked to {school.organisation.name})</span>
                )}
              </span>
              <button
                type="button"
                className={formStyles.secondary}
                disabled={disabled || school.organisation !== null}
                onClick={() =>
                  void onLink(school.id).then(() => {
                    setResults(null);
                    setQuery("");
                  })
                }
              >
                Link
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Invitations({ invitations }: { invitations: SalesInvitation[] }) {
  const revalidator = useRevalidator();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    setSent(undefined);
    const answer = await callApi("/api/dashboard/sales/invitations", {
      json: { email: email.trim() },
    });
    setPending(false);
    if (!answer.ok) {
      setError(answer.data.errors?.email?.[0] ?? answer.data.detail ?? "The invitation failed.");
      return;
    }
    setSent(`Invitation sent to ${email.trim()}.`);
    setEmail("");
    await revalidator.revalidate();
  };

  return (
    <section className={styles.card} aria-labelledby="invitations">
      <h2 id="invitations">Invite a sales agent</h2>
      <form className={styles.inviteForm} onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          label="E-mail of the new agent"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
        />
        <button type="submit" className={formStyles.primary} disabled={pending}>
          {pending ? "Sending..." : "Send invitation"}
        </button>
      </form>
      {sent && (
        <p className={formStyles.formSuccess} role="status">
          {sent}
        </p>
      )}
      {invitations.length > 0 && (
        <table className={`${styles.table} ${styles.stacked}`}>
          <caption className={styles.visuallyHidden}>Latest invitations</caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Invited by</th>
              <th scope="col">Sent</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((invitation) => (
              <tr key={invitation.id}>
                <td>{invitation.email}</td>
                <td>{invitation.invited_by ?? "—"}</td>
                <td>{dateOf(invitation.created_at)}</td>
                <td>
                  {invitation.accepted_at
                    ? `Joined ${dateOf(invitation.accepted_at)}`
                    : invitation.expired
                      ? "Expired"
                      : `Open until ${dateOf(invitation.expires_at)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
