// Interest selection /post-sign-up (docs/spec/accounts-and-details.md §2, §4): step 1 disciplines,
// step 2 the 16 popular countries, Back, Next and Submit, saved through account/user_interest, then
// /welcome. Reached once signed in: from the verification link in the browser that signed up, or
// after a Google sign-up (sign-up itself starts no session: no enumeration, docs/security.md V6).
import { useState } from "react";

import { POPULAR_COUNTRIES } from "@studyatlas/schemas/account-rules.ts";

import { accountApi } from "../../auth/account-api.ts";
import { useSignInPrompt } from "../../auth/session-context.tsx";
import formStyles from "../../components/form/form.module.css";
import { AuthPageLayout } from "../../features/accounts/auth-page-layout.tsx";
import { CheckIcon } from "../../components/icons/icons.tsx";
import { getServices } from "../../context.ts";
import type { Route } from "./+types/post-sign-up";
import styles from "./account-pages.module.css";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Your interests — StudyAtlas" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const disciplines = await getServices(context).catalogue.listDisciplines();
  return { disciplines: disciplines.map(({ id, name }) => ({ id, name })) };
}

function Choices({
  items,
  selected,
  onToggle,
  label,
}: {
  items: readonly { id: number; name: string }[];
  selected: Set<number>;
  onToggle: (id: number) => void;
  label: string;
}) {
  return (
    <ul className={styles.choices} aria-label={label}>
      {items.map((item) => {
        const on = selected.has(item.id);
        return (
          <li key={item.id}>
            <button
              type="button"
              className={styles.choice}
              aria-pressed={on}
              onClick={() => onToggle(item.id)}
            >
              <span className={styles.choiceMark} aria-hidden="true">
                {on && <CheckIcon width={14} height={14} />}
              </span>
              {item.name}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function toggle(set: Set<number>, id: number): Set<number> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

export default function PostSignUp({ loaderData }: Route.ComponentProps) {
  const openSignIn = useSignInPrompt();
  const [step, setStep] = useState<1 | 2>(1);
  const [disciplines, setDisciplines] = useState<Set<number>>(new Set());
  const [countries, setCountries] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async () => {
    setPending(true);
    setError(undefined);
    const answer = await accountApi("user_interest", {
      json: { disciplines: [...disciplines], countries: [...countries] },
    });
    setPending(false);
    if (answer.status === 401) {
      openSignIn({ reason: "Please sign in to save your interests." });
      return;
    }
    if (!answer.ok) {
      setError(answer.data.detail ?? "An error occurred. Please try again.");
      return;
    }
    window.location.assign("/welcome");
  };

  return (
    <AuthPageLayout wide>
      <p className={styles.steps}>Step {step} of 2</p>
      {step === 1 ? (
        <>
          <h1 className={styles.title}>Which disciplines interest you?</h1>
          <p className={styles.lead}>
            Pick as many as you like; we will suggest programmes that match.
          </p>
          <Choices
            items={loaderData.disciplines}
            selected={disciplines}
            onToggle={(id) => setDisciplines((set) => toggle(set, id))}
            label="Disciplines"
          />
        </>
      ) : (
        <>
          <h1 className={styles.title}>Where would you like to study?</h1>
          <p className={styles.lead}>Popular study destinations; choose any number.</p>
          <Choices
            items={POPULAR_COUNTRIES}
            selected={countries}
            onToggle={(id) => setCountries((set) => toggle(set, id))}
            label="Countries"
          />
        </>
      )}
      {error && (
        <p className={formStyles.formError} role="alert" style={{ marginTop: "1rem" }}>
          {error}
        </p>
      )}
      <div className={`${styles.actions} ${styles.spaceBetween}`}>
        <button
          type="button"
          className={formStyles.secondary}
          onClick={() => setStep(1)}
          disabled={step === 1}
        >
          Back
        </button>
        {step === 1 ? (
          <button type="button" className={formStyles.primary} onClick={() => setStep(2)}>
            Next
          </button>
        ) : (
          <button
            type="button"
            className={formStyles.primary}
            onClick={() => void submit()}
            disabled={pending}
          >
            {pending ? "Saving..." : "Submit"}
          </button>
        )}
      </div>
    </AuthPageLayout>
  );
}
