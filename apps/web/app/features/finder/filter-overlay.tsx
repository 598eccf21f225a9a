// Small screens (docs/spec/discovery.md §2, §9 breakpoint 768 px): a fixed Filter bar with the
// result count opens a full-screen modal dialog with Reset and Done, the filter sections,
// disciplines and duration as sub-panels that slide in with a back button, and 'Show N results'.
// Every change navigates, so N is the live count. The native modal <dialog> makes the page behind
// it inert (focus stays inside) and closes on Escape; the body's scroll is locked while it is open.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useNavigation } from "react-router";

import { DURATION_BUCKETS } from "@studyatlas/schemas/catalogue-constants.ts";

import { useFinder } from "./finder-data.ts";
import {
  DisciplineFilter,
  DurationFilter,
  FilterSection,
  ProgrammeLevelFilter,
} from "./filter-sections.tsx";
import styles from "./filter-overlay.module.css";
import { SharedFilterSections } from "./shared-filter-sections.tsx";

const COUNT = new Intl.NumberFormat("en-US");

/** Navigation state that keeps the overlay open when a filter link changes the route. */
export const OVERLAY_OPEN_STATE = { finderFilters: "open" } as const;

type SubPanel = "disciplines" | "duration";

export function FilterOverlay({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { data } = useFinder();
  const dialogRef = useModalDialog(open);
  const titleId = useId();
  const [subPanel, setSubPanel] = useState<SubPanel | undefined>(undefined);
  const count = COUNT.format(data.count);
  const done = () => onOpenChange(false);

  return (
    <>
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.barButton}
          aria-haspopup="dialog"
          onClick={() => onOpenChange(true)}
        >
          <FilterIcon />
          <span>Filter</span>
          <span className={styles.barCount}>{`${count} results`}</span>
        </button>
      </div>
      <dialog
        ref={dialogRef}
        className={styles.dialog}
        aria-modal="true"
        aria-labelledby={titleId}
        onClose={() => {
          setSubPanel(undefined);
          onOpenChange(false);
        }}
      >
        {open ? (
          <div className={styles.frame}>
            <OverlayHeader titleId={titleId} onDone={done} />
            <OverlayFilters onOpenSubPanel={setSubPanel} />
            {subPanel ? (
              <SubPanelView
                title={subPanel === "disciplines" ? "Disciplines" : "Duration"}
                onBack={() => setSubPanel(undefined)}
              >
                {subPanel === "disciplines" ? <DisciplineFilter /> : <DurationFilter />}
              </SubPanelView>
            ) : null}
            <OverlayFooter count={count} onDone={done} />
          </div>
        ) : null}
      </dialog>
    </>
  );
}

/** The modal <dialog> shown while `open`, and the page behind it kept from scrolling. */
function useModalDialog(open: boolean) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Lock the page behind the overlay; restore whatever was there before on close.
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);
  return dialogRef;
}

function OverlayHeader({ titleId, onDone }: { titleId: string; onDone: () => void }) {
  const { location } = useFinder();
  return (
    <header className={styles.header}>
      <Link
        to={`/${location.scope.base}`}
        className={styles.headerAction}
        preventScrollReset
        state={OVERLAY_OPEN_STATE}
      >
        Reset
      </Link>
      <h2 id={titleId} className={styles.title}>
        Filters
      </h2>
      <button type="button" className={styles.headerAction} onClick={onDone}>
        Done
      </button>
    </header>
  );
}

/** The filter sections, disciplines and duration as triggers of their sub-panels. */
function OverlayFilters({ onOpenSubPanel }: { onOpenSubPanel: (panel: SubPanel) => void }) {
  const { data, location } = useFinder();
  const durations = new URLSearchParams(location.search).getAll("duration");
  const selectedDurations = DURATION_BUCKETS.filter((bucket) => durations.includes(bucket.key))
    .map((bucket) => bucket.label)
    .join(", ");
  return (
    <div className={styles.body}>
      <SubPanelTrigger
        title="Disciplines"
        value={data.discipline?.name ?? "All disciplines"}
        onOpen={() => onOpenSubPanel("disciplines")}
      />
      <FilterSection title="Programme level">
        <ProgrammeLevelFilter />
      </FilterSection>
      <SubPanelTrigger
        title="Duration"
        value={durations.length > 0 ? selectedDurations : "Any duration"}
        onOpen={() => onOpenSubPanel("duration")}
      />
      <SharedFilterSections />
    </div>
  );
}

function OverlayFooter({ count, onDone }: { count: string; onDone: () => void }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  return (
    <footer className={styles.footer}>
      <button
        type="button"
        className={styles.show}
        onClick={onDone}
        aria-busy={pending || undefined}
      >
        {pending ? "Updating results…" : `Show ${count} results`}
      </button>
    </footer>
  );
}

function SubPanelTrigger({
  title,
  value,
  onOpen,
}: {
  title: string;
  value: string;
  onOpen: () => void;
}) {
  return (
    <button type="button" className={styles.trigger} onClick={onOpen}>
      <span className={styles.triggerText}>
        <span className={styles.triggerTitle}>{title}</span>
        <span className={styles.triggerValue}>{value}</span>
      </span>
      <span aria-hidden="true" className={styles.chevron}>
        ›
      </span>
    </button>
  );
}

function SubPanelView({
  title,
  onBack,
  children,
}: {
  title: string;
  onBack: () => void;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section className={styles.subPanel} aria-label={title}>
      <div className={styles.subHeader}>
        <button
          type="button"
          className={styles.back}
          onClick={onBack}
          aria-label="Back to all filters"
        >
          <span aria-hidden="true">‹</span> Back
        </button>
        <h3 ref={headingRef} tabIndex={-1} className={styles.subTitle}>
          {title}
        </h3>
      </div>
      <div className={styles.subBody}>{children}</div>
    </section>
  );
}

function FilterIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M4 6h16M7 12h10M10 18h4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
