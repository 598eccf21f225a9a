// The compare tray shared by every Compare toggle and the tray bar
// (docs/decisions/052-my-currency-and-compare.md). A visitor's tray lives in this browser
// (localStorage, read after hydration so the server's and the browser's first render agree); a
// signed-in student's comes from the account with the page and is saved back on every change, so
// it follows them to another browser. A tray kept here before signing in moves to an empty account.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from "react";

import { COMPARE_MESSAGES, COMPARE_STORAGE_KEY } from "@studyatlas/schemas/my-currency-rules.ts";

import { callApi } from "../auth/account-api.ts";
import { useToast } from "../components/toast/toast-provider.tsx";
import { toggleCompare, trayFromStorage, trayOnSignIn, type TrayEntry } from "./compare-state.ts";

interface CompareContextValue {
  tray: readonly TrayEntry[];
  has: (courseId: number) => boolean;
  /** Adds or removes; a fifth add is refused with the reason, announced and shown. */
  toggle: (entry: TrayEntry) => void;
  clear: () => void;
}

const CompareContext = createContext<CompareContextValue | null>(null);

function readStorage(): TrayEntry[] {
  try {
    return trayFromStorage(window.localStorage.getItem(COMPARE_STORAGE_KEY));
  } catch {
    return [];
  }
}

function writeStorage(tray: readonly TrayEntry[]): void {
  try {
    window.localStorage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(tray));
  } catch {
    // Private mode or a full quota: the tray lasts as long as the page.
  }
}

/**
 * The tray as an external store: the server (and hydration) render `initial`; in the browser the
 * store starts from localStorage (signed in: the account's tray, or this browser's when the
 * account has none, which `upload` then says to save) and follows other tabs' changes.
 */
interface TrayStore {
  initial: readonly TrayEntry[];
  upload: boolean;
  get: () => readonly TrayEntry[];
  set: (tray: readonly TrayEntry[]) => void;
  subscribe: (listener: () => void) => () => void;
}

function createTrayStore(signedIn: boolean, account: readonly TrayEntry[]): TrayStore {
  const inBrowser = typeof window !== "undefined";
  const browser = inBrowser ? readStorage() : [];
  let tray: readonly TrayEntry[] = signedIn ? trayOnSignIn(account, browser) : browser;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    initial: account,
    upload: signedIn && account.length === 0 && tray.length > 0,
    get: () => tray,
    set: (next) => {
      tray = next;
      writeStorage(next);
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key !== COMPARE_STORAGE_KEY) return;
        tray = trayFromStorage(event.newValue);
        notify();
      };
      window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", onStorage);
      };
    },
  };
}

export function CompareProvider({
  signedIn,
  accountTray,
  children,
}: {
  signedIn: boolean;
  /** The account's tray from the root loader (signed in), else empty. */
  accountTray: readonly TrayEntry[];
  children: ReactNode;
}) {
  const toast = useToast();
  // A new store when the account's tray arrives anew (sign-in, sign-out, another user).
  const accountKey = accountTray.map((entry) => entry.id).join(",");
  // accountKey stands for accountTray's contents.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const store = useMemo(() => createTrayStore(signedIn, accountTray), [signedIn, accountKey]);
  const tray = useSyncExternalStore(store.subscribe, store.get, () => store.initial);

  const save = useCallback(
    (next: readonly TrayEntry[]) => {
      if (!signedIn) return;
      void callApi("/api/compare/tray", {
        method: "PUT",
        json: { ids: next.map((entry) => entry.id) },
      }).then((answer) => {
        if (!answer.ok && answer.status !== 401) {
          toast.show(COMPARE_MESSAGES.failed, { kind: "error" });
        }
      });
    },
    [signedIn, toast],
  );

  // A tray kept in this browser before signing in moves to the account that had none.
  useEffect(() => {
    if (store.upload) save(store.get());
  }, [store, save]);

  const toggle = useCallback(
    (entry: TrayEntry) => {
      const change = toggleCompare(store.get(), entry);
      toast.show(change.message, { kind: change.ok ? "success" : "error" });
      if (!change.ok) return;
      store.set(change.tray);
      save(change.tray);
    },
    [store, save, toast],
  );

  const clear = useCallback(() => {
    store.set([]);
    save([]);
  }, [store, save]);

  const value = useMemo(
    () => ({ tray, has: (id: number) => tray.some((entry) => entry.id === id), toggle, clear }),
    [tray, toggle, clear],
  );
  return <CompareContext.Provider value={value}>{children}</CompareContext.Provider>;
}

export function useCompare(): CompareContextValue {
  const value = useContext(CompareContext);
  if (!value) throw new Error("useCompare needs the CompareProvider (root.tsx).");
  return value;
}
