// Toasts, top-right (docs/spec/accounts-and-details.md §9: 5 s by default, 3 s on settings; success and
// error kinds; at most 20). Announced politely to screen readers; each can be dismissed.
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";

import { CloseIcon } from "../icons/icons.tsx";
import styles from "./toast.module.css";

export type ToastKind = "success" | "error" | "info";

interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

interface ToastContextValue {
  show: (text: string, options?: { kind?: ToastKind; durationMs?: number }) => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

const MAX_TOASTS = 20;
const DEFAULT_DURATION_MS = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  // A modal <dialog> (the sign-in modal) makes the rest of the page inert and covers it: toasts
  // raised while one is open are drawn inside it, so they stay visible and readable.
  const [host, setHost] = useState<HTMLDialogElement | null>(null);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => {
      const rest = current.filter((toast) => toast.id !== id);
      if (rest.length === 0) setHost(null);
      return rest;
    });
  }, []);

  const show = useCallback<ToastContextValue["show"]>(
    (text, options) => {
      const id = nextId.current++;
      setHost(document.querySelector<HTMLDialogElement>("dialog[open]"));
      setToasts((current) =>
        [...current, { id, kind: options?.kind ?? "info", text }].slice(-MAX_TOASTS),
      );
      window.setTimeout(() => dismiss(id), options?.durationMs ?? DEFAULT_DURATION_MS);
    },
    [dismiss],
  );

  const value = useMemo(() => ({ show }), [show]);

  const region = (
    <div className={styles.region} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={styles.toast} data-kind={toast.kind}>
          <span className={styles.text}>{toast.text}</span>
          <button
            type="button"
            className={styles.close}
            aria-label="Dismiss notification"
            onClick={() => dismiss(toast.id)}
          >
            <CloseIcon width={16} height={16} />
          </button>
        </div>
      ))}
    </div>
  );

  return (
    <ToastContext.Provider value={value}>
      {children}
      {host?.open ? createPortal(region, host) : region}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error("useToast needs the ToastProvider (root.tsx).");
  return value;
}
