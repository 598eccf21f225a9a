// TEMPORARY: replaced by the accounts branch at merge
// The sign-in contract the detail pages are written against: useSession() and useSignInPrompt().
// Until accounts lands nobody is signed in, and the prompt asks the home page to open sign-in
// through ?login=true on the current address.
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  emailVerified: boolean;
}

export function useSession(): { user: SessionUser | null } {
  return { user: null };
}

export function useSignInPrompt(): (options?: { reason?: string }) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (_options?: { reason?: string }) => {
      const params = new URLSearchParams(location.search);
      params.set("login", "true");
      void navigate(
        { pathname: location.pathname, search: `?${params.toString()}`, hash: location.hash },
        { preventScrollReset: true },
      );
    },
    [location.pathname, location.search, location.hash, navigate],
  );
}
