// The header's signed-in state (docs/spec/discovery.md §2 Header; docs/spec/accounts-and-details.md §2 Site header):
// a wishlist icon, an avatar with the first letter of the first name, and a card with last name,
// first name, e-mail, Wishlist, Account Settings and Sign Out. The card closes on mouse leave,
// scroll, Escape or a click elsewhere. From the keyboard it is a menu button (WAI-ARIA "Menu
// Button"): Enter, Space or ArrowDown open it onto the first item, ArrowUp onto the last, the
// arrows, Home and End move between the items, Escape closes it and returns to the avatar. The card
// lines up with the header's right edge and points at the avatar.
import {
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";

import { signOut } from "../../auth/account-api.ts";
import { useSession } from "../../auth/session-context.tsx";
import { useDismiss } from "../../hooks/use-dismiss.ts";
import { useChatUnread, useLiveChatBadge } from "../../hooks/use-chat-unread.ts";
import { ChatIcon, HeartIcon } from "../icons/icons.tsx";
import { menuItemAfterKey } from "./menu-keys.ts";
import { WishlistDrawer } from "./wishlist-drawer.tsx";
import styles from "./user-menu.module.css";

interface CardPlacement {
  /** How far the card's right edge lies right of the avatar's (px). */
  shift: number;
  /** The caret's distance from the card's right edge, under the avatar's centre (px). */
  caretRight: number;
}

const CARET_HALF_WIDTH_PX = 7;

/** Where the card goes: its right edge on the header's content edge, its caret under the avatar. */
function placeCard(avatar: HTMLElement): CardPlacement {
  const avatarBox = avatar.getBoundingClientRect();
  const bar = avatar.closest("header")?.firstElementChild;
  let edge = avatarBox.right;
  if (bar instanceof HTMLElement) {
    const paddingRight = Number.parseFloat(getComputedStyle(bar).paddingRight) || 0;
    edge = Math.max(edge, bar.getBoundingClientRect().right - paddingRight);
  }
  const shift = Math.round(edge - avatarBox.right);
  const caretRight = Math.round(
    edge - (avatarBox.left + avatarBox.width / 2) - CARET_HALF_WIDTH_PX,
  );
  return { shift, caretRight };
}

function menuItemsOf(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

/** Focuses the item at `index`; a negative index counts from the end (-1: the last item). */
function focusMenuItem(menu: HTMLElement | null, index: number): void {
  menuItemsOf(menu).at(index)?.focus({ preventScroll: true });
}

/**
 * The avatar's menu button: open state, the card's placement, the keys of a WAI-ARIA menu button,
 * and dismissal (mouse leave is the caller's).
 */
function useMenuButton() {
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<CardPlacement | undefined>(undefined);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  // The item to focus once the card has rendered (opened from the keyboard), or none.
  const focusOnOpen = useRef<number | undefined>(undefined);

  useLayoutEffect(() => {
    if (!open) return;
    if (buttonRef.current) setPlacement(placeCard(buttonRef.current));
    const index = focusOnOpen.current;
    focusOnOpen.current = undefined;
    if (index !== undefined) focusMenuItem(menuRef.current, index);
  }, [open]);

  const openMenu = (focusIndex: number | undefined) => {
    focusOnOpen.current = focusIndex;
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    if (open) {
      focusMenuItem(menuRef.current, event.key === "ArrowDown" ? 0 : -1);
    } else {
      openMenu(event.key === "ArrowDown" ? 0 : -1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = menuItemsOf(menuRef.current);
    const current = items.findIndex((item) => item === document.activeElement);
    const next = menuItemAfterKey(event.key, current, items.length);
    if (next === undefined) return;
    event.preventDefault();
    focusMenuItem(menuRef.current, next);
  };
  useDismiss(
    open,
    rootRef,
    (reason) => {
      setOpen(false);
      if (reason === "escape") buttonRef.current?.focus();
    },
    { scroll: true },
  );
  return {
    open,
    setOpen,
    openMenu,
    placement,
    rootRef,
    buttonRef,
    menuRef,
    onButtonKeyDown,
    onMenuKeyDown,
  };
}

function ChatLink({ unread }: { unread: number }) {
  return (
    <Link
      to="/chat"
      className={styles.iconButton}
      aria-label={unread > 0 ? `Chat, ${unread} unread` : "Chat"}
    >
      <ChatIcon />
      {unread > 0 && (
        <span className={styles.badge} aria-hidden="true">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}

/** The card's items: Wishlist, My Applications, Account Settings, Sign Out. */
function AccountMenuItems({
  menuId,
  menuRef,
  onKeyDown,
  onWishlist,
  onClose,
}: {
  menuId: string;
  menuRef: RefObject<HTMLUListElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLUListElement>) => void;
  onWishlist: () => void;
  onClose: () => void;
}) {
  return (
    <ul
      ref={menuRef}
      id={menuId}
      role="menu"
      aria-label="Account"
      className={styles.items}
      onKeyDown={onKeyDown}
    >
      <li role="none">
        <button type="button" role="menuitem" className={styles.item} onClick={onWishlist}>
          Wishlist
        </button>
      </li>
      <li role="none">
        <Link to="/applications" role="menuitem" className={styles.item} onClick={onClose}>
          My Applications
        </Link>
      </li>
      <li role="none">
        <Link to="/settings" role="menuitem" className={styles.item} onClick={onClose}>
          Account Settings
        </Link>
      </li>
      <li role="none">
        <button
          type="button"
          role="menuitem"
          className={styles.item}
          onClick={() => void signOut()}
        >
          Sign Out
        </button>
      </li>
    </ul>
  );
}

export function UserMenu() {
  const { user } = useSession();
  const unread = useChatUnread();
  useLiveChatBadge(user?.id);
  const id = useId();
  const [wishlistOpen, setWishlistOpen] = useState(false);
  const {
    open,
    setOpen,
    openMenu,
    placement,
    rootRef,
    buttonRef,
    menuRef,
    onButtonKeyDown,
    onMenuKeyDown,
  } = useMenuButton();
  if (!user) return null;
  const initial = (user.firstName.trim()[0] ?? user.email[0] ?? "?").toUpperCase();
  const cardId = `${id}-card`;
  const menuId = `${id}-menu`;
  const cardStyle = placement
    ? ({
        right: `${-placement.shift}px`,
        "--caret-right": `${placement.caretRight}px`,
      } as CSSProperties)
    : undefined;

  return (
    <div className={styles.wrap}>
      <ChatLink unread={unread} />
      <button
        type="button"
        className={styles.iconButton}
        aria-label="Wishlist"
        onClick={() => setWishlistOpen(true)}
      >
        <HeartIcon />
      </button>
      <div ref={rootRef} className={styles.menu} onMouseLeave={() => setOpen(false)}>
        <button
          ref={buttonRef}
          type="button"
          className={styles.avatar}
          aria-label={`Account menu for ${user.firstName} ${user.lastName}`}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onKeyDown={onButtonKeyDown}
          // A click from Enter or Space (detail 0) opens onto the first item, as a menu button does.
          onClick={(event) => {
            if (open) setOpen(false);
            else openMenu(event.detail === 0 ? 0 : undefined);
          }}
        >
          {initial}
        </button>
        {open && (
          <div id={cardId} className={styles.card} style={cardStyle}>
            <div className={styles.identity}>
              <span className={styles.avatarLarge} aria-hidden="true">
                {initial}
              </span>
              <div className={styles.names}>
                <p className={styles.name}>
                  {user.lastName} {user.firstName}
                </p>
                <p className={styles.email}>{user.email}</p>
              </div>
            </div>
            <AccountMenuItems
              menuId={menuId}
              menuRef={menuRef}
              onKeyDown={onMenuKeyDown}
              onWishlist={() => {
                setOpen(false);
                setWishlistOpen(true);
              }}
              onClose={() => setOpen(false)}
            />
          </div>
        )}
      </div>
      {wishlistOpen && <WishlistDrawer onClose={() => setWishlistOpen(false)} />}
    </div>
  );
}
