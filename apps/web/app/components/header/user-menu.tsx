// The header's signed-in state (docs/spec/discovery.md §2 Header; docs/spec/accounts-and-details.md §2 Site header):
// a wishlist icon, an avatar with the first letter of the first name, and a card with last name,
// first name, e-mail, Wishlist, Account Settings and Sign Out. The card closes on mouse leave,
// scroll, Escape or a click elsewhere.
import { useId, useRef, useState } from "react";
import { Link } from "react-router";

import { signOut } from "../../auth/account-api.ts";
import { useSession } from "../../auth/session-context.tsx";
import { useDismiss } from "../../hooks/use-dismiss.ts";
import { HeartIcon } from "../icons/icons.tsx";
import { WishlistDrawer } from "./wishlist-drawer.tsx";
import styles from "./user-menu.module.css";

export function UserMenu() {
  const { user } = useSession();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [wishlistOpen, setWishlistOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useDismiss(
    open,
    rootRef,
    (reason) => {
      setOpen(false);
      if (reason === "escape") buttonRef.current?.focus();
    },
    { scroll: true },
  );
  if (!user) return null;
  const initial = (user.firstName.trim()[0] ?? user.email[0] ?? "?").toUpperCase();
  const cardId = `${id}-card`;

  return (
    <div className={styles.wrap}>
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
          aria-expanded={open}
          aria-controls={open ? cardId : undefined}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          {initial}
        </button>
        {open && (
          <div id={cardId} className={styles.card}>
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
            <ul className={styles.items}>
              <li>
                <button
                  type="button"
                  className={styles.item}
                  onClick={() => {
                    setOpen(false);
                    setWishlistOpen(true);
                  }}
                >
                  Wishlist
                </button>
              </li>
              <li>
                <Link to="/settings" className={styles.item} onClick={() => setOpen(false)}>
                  Account Settings
                </Link>
              </li>
              <li>
                <button type="button" className={styles.item} onClick={() => void signOut()}>
                  Sign Out
                </button>
              </li>
            </ul>
          </div>
        )}
      </div>
      {wishlistOpen && <WishlistDrawer onClose={() => setWishlistOpen(false)} />}
    </div>
  );
}
