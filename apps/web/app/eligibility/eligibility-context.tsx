// The signed-in student's eligibility for the programmes on the page (docs/decisions/054-entry-
// requirements-and-eligibility.md). Never part of the server render: a signed-out visitor's finder
// page is kept by shared caches, and even a signed-in one's HTML should not vary by it. After
// hydration each card or page asks for its programme; the asks of one render are sent as one
// request (`/api/eligibility?course_id=…`, no-store), and the answers are kept for the page's life
// until the student's qualifications change.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";

import type {
  CourseEligibility,
  CourseEligibilityList,
} from "@studyatlas/schemas/entry-requirements.ts";

import { callApi } from "../auth/account-api.ts";

interface EligibilityContextValue {
  answers: ReadonlyMap<number, CourseEligibility>;
  ask: (courseId: number) => void;
  /** Forgets every answer (after the student changed their qualifications). */
  forget: () => void;
}

const EligibilityContext = createContext<EligibilityContextValue | null>(null);

/** The most programmes one request names (EligibilityQuerySchema). */
const BATCH = 100;

const NO_ANSWERS: ReadonlyMap<number, CourseEligibility> = new Map();

export function EligibilityProvider({
  userId,
  children,
}: {
  /** The signed-in user (null signed out): answers are kept for whom they were asked. */
  userId: number | null;
  children: ReactNode;
}) {
  const signedIn = userId !== null;
  const [store, setStore] = useState<{
    userId: number | null;
    answers: ReadonlyMap<number, CourseEligibility>;
  }>({ userId, answers: NO_ANSWERS });
  // Another user (or none): their answers are not this one's.
  const answers = store.userId === userId ? store.answers : NO_ANSWERS;
  const asked = useRef(new Set<number>());
  const pending = useRef(new Set<number>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const send = useCallback(async () => {
    timer.current = undefined;
    const ids = [...pending.current];
    pending.current.clear();
    for (let start = 0; start < ids.length; start += BATCH) {
      const query = ids
        .slice(start, start + BATCH)
        .map((id) => `course_id=${id}`)
        .join("&");
      const answer = await callApi<CourseEligibilityList>(`/api/eligibility?${query}`);
      if (!answer.ok) continue;
      setStore((current) => {
        const next = new Map(current.userId === userId ? current.answers : NO_ANSWERS);
        for (const result of answer.data.results) next.set(result.course_id, result);
        return { userId, answers: next };
      });
    }
  }, [userId]);

  const ask = useCallback(
    (courseId: number) => {
      if (!signedIn || asked.current.has(courseId)) return;
      asked.current.add(courseId);
      pending.current.add(courseId);
      timer.current ??= setTimeout(() => void send(), 0);
    },
    [signedIn, send],
  );

  const forget = useCallback(() => {
    const ids = [...asked.current];
    asked.current.clear();
    setStore({ userId, answers: NO_ANSWERS });
    for (const id of ids) ask(id);
  }, [ask, userId]);

  // Signing out (or in as someone else) asks again.
  useEffect(() => {
    asked.current.clear();
  }, [userId]);

  const value = useMemo(() => ({ answers, ask, forget }), [answers, ask, forget]);
  return <EligibilityContext.Provider value={value}>{children}</EligibilityContext.Provider>;
}

/** This programme's eligibility once known (undefined on the server, signed out, or unknown). */
export function useCourseEligibility(courseId: number): CourseEligibility | undefined {
  const context = useContext(EligibilityContext);
  const ask = context?.ask;
  useEffect(() => {
    ask?.(courseId);
  }, [ask, courseId]);
  return context?.answers.get(courseId);
}

/** Forgets the answers: the qualifications they were computed from changed. */
export function useForgetEligibility(): () => void {
  return useContext(EligibilityContext)?.forget ?? (() => {});
}
