// docs/spec/discovery.md §2 Home page: "The home page opens the login modal when the query has
// login=true, then removes that parameter." The parameter goes with a history replace (no reload,
// no new history entry). The sign-in modal arrives with the accounts issue: it passes its open
// function as `onOpenSignIn`; until then the flag is only cleared from the address.
import { useEffect, useEffectEvent } from "react";
import { useLocation, useNavigate } from "react-router";

export const LOGIN_QUERY_PARAM = "login";

/** The query without `login=true`, or undefined when it has no such flag. */
export function withoutLoginFlag(search: string): string | undefined {
  const params = new URLSearchParams(search);
  if (params.get(LOGIN_QUERY_PARAM) !== "true") return undefined;
  params.delete(LOGIN_QUERY_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}

export function useLoginQueryFlag(onOpenSignIn?: () => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const openSignIn = useEffectEvent(() => onOpenSignIn?.());

  useEffect(() => {
    const search = withoutLoginFlag(location.search);
    if (search === undefined) return;
    openSignIn();
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [location.pathname, location.search, location.hash, navigate]);
}
