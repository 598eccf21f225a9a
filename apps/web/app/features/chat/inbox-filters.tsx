// The advisors' inbox above their list of chats
// (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md): whether they take new chats, a
// search across messages,
// student names and programmes, and the filters. Both live in the address (?filter=&q=), so they
// work without script, survive a reload and can be shared between tabs.
import { Form, Link } from "react-router";

import { INBOX_FILTERS, type InboxFilter } from "@studyatlas/schemas/inbox.ts";

import { SearchIcon } from "../../components/icons/icons.tsx";
import { AcceptingSwitch } from "./accepting-switch.tsx";
import styles from "./inbox.module.css";

const FILTER_LABELS: Record<InboxFilter, string> = {
  all: "Open",
  unread: "Unread",
  mine: "Mine",
  unassigned: "Unassigned",
  snoozed: "Snoozed",
  closed: "Closed",
};

/** The query string that keeps the inbox's filter and search ("" for the default). */
export function inboxSearch(filter: InboxFilter, q: string): string {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (q !== "") params.set("q", q);
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

export function InboxFilters({
  inbox,
  meId,
}: {
  inbox: { filter: InboxFilter; q: string; advisors: { id: number; accepting: boolean }[] };
  meId: number;
}) {
  const { filter, q } = inbox;
  // Whether this advisor takes new chats: their switch, above the search.
  const accepting = inbox.advisors.some((advisor) => advisor.id === meId && advisor.accepting);
  return (
    <div className={styles.filters}>
      <AcceptingSwitch accepting={accepting} />
      <Form method="get" action="/chat" role="search" className={styles.search}>
        <label htmlFor="inbox-search" className="visually-hidden">
          Search conversations
        </label>
        <input
          key={q}
          id="inbox-search"
          className={styles.searchInput}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder="Search messages"
        />
        {filter !== "all" && <input type="hidden" name="filter" value={filter} />}
        <button type="submit" className={styles.searchButton} aria-label="Search">
          <SearchIcon />
        </button>
      </Form>
      <ul className={styles.tabs} aria-label="Filter conversations">
        {INBOX_FILTERS.map((value) => (
          <li key={value}>
            <Link
              to={`/chat${inboxSearch(value, q)}`}
              className={styles.tab}
              aria-current={value === filter ? "true" : undefined}
            >
              {FILTER_LABELS[value]}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
