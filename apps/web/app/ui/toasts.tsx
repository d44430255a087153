import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { TOAST_DURATION_MS } from "@showroom/domain";

export type Toast = { id: number; message: string; tone: "info" | "error"; closable: boolean };
type ToastApi = { show(toast: Omit<Toast, "id" | "closable"> & { closable?: boolean }): void; dismiss(id: number): void };

const ToastContext = createContext<ToastApi | null>(null);

export function useToasts(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToasts outside ToastProvider");
  return api;
}

/** Toasts stack top right and leave after 5 s; screen readers hear them through a live region. */
export function ToastProvider(props: { children: ReactNode; regionLabel: string; closeLabel: string }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback<ToastApi["show"]>(
    (toast) => {
      const id = nextId.current++;
      setToasts((all) => {
        // The same message twice in a row (a retry loop) shows once.
        const without = all.filter((t) => t.message !== toast.message);
        return [...without, { id, closable: true, ...toast }];
      });
      setTimeout(() => dismiss(id), TOAST_DURATION_MS);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {props.children}
      <div
        role="region"
        aria-label={props.regionLabel}
        aria-live="polite"
        className="pointer-events-none fixed top-3 right-3 z-[70] flex w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.tone === "error" ? "alert" : "status"}
            data-testid="toast"
            className={`pointer-events-auto flex items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ${
              toast.tone === "error" ? "bg-red-700 text-white" : "bg-gray-900 text-white"
            }`}
          >
            <p className="flex-1">{toast.message}</p>
            {toast.closable && (
              <button
                type="button"
                onClick={() => dismiss(toast.id)}
                aria-label={props.closeLabel}
                className="rounded px-1 leading-none hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
              >
                ×
              </button>
            )}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}
