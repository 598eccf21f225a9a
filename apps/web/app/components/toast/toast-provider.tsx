// Toasts, top-right (accounts-and-details.md §9: 5 s by default, 3 s on settings; success and
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
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback<ToastContextValue["show"]>(
    (text, options) => {
      const id = nextId.current++;
      setToasts((current) =>
        [...current, { id, kind: options?.kind ?? "info", text }].slice(-MAX_TOASTS),
      );
      window.setTimeout(() => dismiss(id), options?.durationMs ?? DEFAULT_DURATION_MS);
    },
    [dismiss],
  );

  const value = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
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
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error("useToast needs the ToastProvider (root.tsx).");
  return value;
}
