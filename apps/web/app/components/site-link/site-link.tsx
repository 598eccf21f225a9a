// A link to a path of this site that navigates in the app like React Router's <Link>, for the
// places a page repeats links by the dozen: course cards, the country chips and tiles, the
// discipline tiles, the finder's filter lists (docs/decisions/035-lighter-cards.md).
// React Router's <Link> resolves its path against the route tree, reads the location and sets up
// prefetching through some twenty hooks per link, on the server for every link of every page;
// for an absolute path none of that changes the result. This one reads one context, which the
// root route provides once, and writes the same anchor: the same href, the same
// `data-discover` mark (React Router's route discovery looks for it), a plain click navigates in
// the app with the given state (replacing the entry when the path is the current one, as <Link>
// does), and a modified or middle click, or a target, is left to the browser.
import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
} from "react";
import { type NavigateFunction, useNavigate } from "react-router";

const NavigateContext = createContext<NavigateFunction | null>(null);

/** Gives every SiteLink below the router's navigate function (stable for the router's life). */
export function SiteLinkProvider({ children }: { children: ReactNode }) {
  return <NavigateContext value={useNavigate()}>{children}</NavigateContext>;
}

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An absolute path of this site, with its query if any ("/coursefinder?country=spain"). */
  to: string;
  /** Navigation state handed to the next page (useLocation().state). */
  state?: unknown;
  /** Keep the scroll position (React Router's preventScrollReset). */
  preventScrollReset?: boolean;
  /** Replace the current history entry; by default only when `to` is the current address. */
  replace?: boolean;
}

/** As React Router writes a path: a bare "?" or "#" at the end is left out. */
function hrefOf(to: string): string {
  return to.endsWith("?") || to.endsWith("#") ? hrefOf(to.slice(0, -1)) : to;
}

function isModifiedClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

export function SiteLink({
  to,
  state,
  preventScrollReset,
  replace,
  onClick,
  target,
  ...rest
}: SiteLinkProps) {
  const navigate = useContext(NavigateContext);
  const href = hrefOf(to);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || navigate === null) return;
    if (event.button !== 0 || (target && target !== "_self") || isModifiedClick(event)) return;
    event.preventDefault();
    const { pathname, search, hash } = window.location;
    void navigate(href, {
      state,
      preventScrollReset,
      replace: replace ?? pathname + search + hash === href,
    });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} data-discover="true" />;
}
