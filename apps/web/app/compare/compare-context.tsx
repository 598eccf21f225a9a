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
  useRef,
  useState,
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
  const [tray, setTray] = useState<readonly TrayEntry[]>(accountTray);
  const signedInRef = useRef(signedIn);
  signedInRef.current = signedIn;

  const save = useCallback(
    (next: readonly TrayEntry[]) => {
      writeStorage(next);
      if (!signedInRef.current) return;
      void callApi("/api/compare/tray", {
        method: "PUT",
        json: { ids: next.map((entry) => entry.id) },
      }).then((answer) => {
        if (!answer.ok && answer.status !== 401) toast.show(COMPARE_MESSAGES.failed, { kind: "error" });
      });
    },
    [toast],
  );

  // After hydration (and whenever the account's tray arrives anew: sign-in, sign-out).
  const accountKey = accountTray.map((entry) => entry.id).join(",");
  useEffect(() => {
    const browser = readStorage();
    if (!signedIn) {
      setTray(browser);
      return;
    }
    const start = trayOnSignIn(accountTray, browser);
    setTray(start);
    if (accountTray.length === 0 && start.length > 0) save(start);
    else writeStorage(start);
    // accountKey stands for accountTray's contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, accountKey, save]);

  // Another tab changed the tray.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === COMPARE_STORAGE_KEY) setTray(trayFromStorage(event.newValue));
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  // The tray as last rendered, so a toggle's side effects (save, toast) run once, outside setState.
  const trayRef = useRef(tray);
  trayRef.current = tray;
  const toggle = useCallback(
    (entry: TrayEntry) => {
      const change = toggleCompare(trayRef.current, entry);
      toast.show(change.message, { kind: change.ok ? "success" : "error" });
      if (!change.ok) return;
      trayRef.current = change.tray;
      setTray(change.tray);
      save(change.tray);
    },
    [save, toast],
  );

  const clear = useCallback(() => {
    setTray([]);
    save([]);
  }, [save]);

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
