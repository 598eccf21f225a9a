// The signed-in user and the sign-in prompt, for every component:
// `useSession()` gives the user the server resolved for this request (root loader), the same on
// the server render and in the browser; `useSignInPrompt()` opens the sign-in modal from anywhere
// (the wishlist heart, inert course links, ?login=true). `SessionProvider` is rendered by root.tsx.
import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

import type { SessionUser } from "@studyatlas/core/accounts/sessions.ts";
import type { MfaRequired } from "@studyatlas/schemas/mfa.ts";

export type { SessionUser };

export type SignInMode = "login" | "register" | "reset";

export interface SignInPromptOptions {
  /** Why the prompt opened, shown above the form (e.g. "Sign in to save programmes"). */
  reason?: string;
  mode?: SignInMode;
}

interface SignInModalState {
  open: boolean;
  mode: SignInMode;
  reason: string | undefined;
}

interface SessionContextValue {
  user: SessionUser | null;
  googleClientId: string | null;
  /** This browser gave the right password but owes the code (ADR 014): sign-in resumes there. */
  pendingSecondFactor: MfaRequired | null;
  modal: SignInModalState;
  openSignIn: (options?: SignInPromptOptions) => void;
  closeSignIn: () => void;
  setMode: (mode: SignInMode) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({
  user,
  googleClientId = null,
  pendingSecondFactor = null,
  children,
}: {
  user: SessionUser | null;
  googleClientId?: string | null;
  pendingSecondFactor?: MfaRequired | null;
  children: ReactNode;
}) {
  const [modal, setModal] = useState<SignInModalState>({
    open: false,
    mode: "login",
    reason: undefined,
  });
  const value = useMemo<SessionContextValue>(
    () => ({
      user,
      googleClientId,
      pendingSecondFactor,
      modal,
      // A signed-in user has nothing to sign in to (e.g. ?login=true in a bookmarked address).
      openSignIn: (options) => {
        if (user) return;
        setModal({ open: true, mode: options?.mode ?? "login", reason: options?.reason });
      },
      closeSignIn: () => setModal((current) => ({ ...current, open: false, reason: undefined })),
      setMode: (mode) => setModal((current) => ({ ...current, mode })),
    }),
    [user, googleClientId, pendingSecondFactor, modal],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value)
    throw new Error("useSession and useSignInPrompt need the SessionProvider (root.tsx).");
  return value;
}

export function useSession(): { user: SessionUser | null } {
  return { user: useSessionContext().user };
}

export function useSignInPrompt(): (options?: { reason?: string }) => void {
  return useSessionContext().openSignIn;
}

/** For the sign-in modal itself and the Google button. */
export function useSignInModal() {
  const { modal, openSignIn, closeSignIn, setMode, googleClientId, pendingSecondFactor } =
    useSessionContext();
  return { ...modal, openSignIn, closeSignIn, setMode, googleClientId, pendingSecondFactor };
}
