import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from "react";
import { useLocation } from "react-router";

export type ModalComponentProps<P = Record<string, unknown>> = P & { close(): void };
// Each modal declares its own props; the registry only promises it takes close() and what open() passed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ModalRegistry = Record<string, ComponentType<any>>;
/** `openedAt` is the address (path and query) the page showed when the modal opened. */
type Entry = { id: string; name: string; props: Record<string, unknown>; openedAt: string };

export type ModalApi = {
  open(name: string, props?: Record<string, unknown>): string;
  update(id: string, props: Record<string, unknown>): void;
  close(id: string): void;
  closeAll(): void;
};

const ModalContext = createContext<ModalApi | null>(null);

export function useModals(): ModalApi {
  const api = useContext(ModalContext);
  if (!api) throw new Error("useModals outside ModalProvider");
  return api;
}

/**
 * Modals are opened by name from a registry the app composes. A route change closes those opened before it;
 * while any is open the page behind does not scroll (react-aria's overlay locks it).
 */
export function ModalProvider(props: { registry: ModalRegistry; children: ReactNode }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  const entriesRef = useRef(entries);
  entriesRef.current = entries;
  const location = useLocation();
  const address = `${location.pathname}${location.search}`;
  // As rendered: a modal opened once the new address has rendered (a tap just after a navigation, before the
  // effect below has run) belongs to the new page and stays open.
  const addressRef = useRef(address);
  addressRef.current = address;
  const counter = useRef(0);

  const assertKnown = (id: string) => {
    if (!entriesRef.current.some((e) => e.id === id)) throw new Error(`No open modal with id ${id}`);
  };
  const open = useCallback<ModalApi["open"]>(
    (name, modalProps = {}) => {
      if (!props.registry[name]) throw new Error(`Unknown modal ${name}`);
      const id = `${name}-${++counter.current}`;
      entriesRef.current = [...entriesRef.current, { id, name, props: modalProps, openedAt: addressRef.current }];
      setEntries(entriesRef.current);
      return id;
    },
    [props.registry],
  );
  const update = useCallback<ModalApi["update"]>((id, modalProps) => {
    assertKnown(id);
    entriesRef.current = entriesRef.current.map((e) => (e.id === id ? { ...e, props: { ...e.props, ...modalProps } } : e));
    setEntries(entriesRef.current);
  }, []);
  const close = useCallback<ModalApi["close"]>((id) => {
    assertKnown(id);
    entriesRef.current = entriesRef.current.filter((e) => e.id !== id);
    setEntries(entriesRef.current);
  }, []);
  const closeAll = useCallback(() => {
    entriesRef.current = [];
    setEntries([]);
  }, []);
  const api = useMemo(() => ({ open, update, close, closeAll }), [open, update, close, closeAll]);

  useEffect(() => {
    const stillHere = entriesRef.current.filter((e) => e.openedAt === address);
    if (stillHere.length === entriesRef.current.length) return;
    entriesRef.current = stillHere;
    setEntries(stillHere);
  }, [address]);

  return (
    <ModalContext.Provider value={api}>
      {props.children}
      {entries.map((entry) => {
        const Component = props.registry[entry.name]!;
        const dismiss = () => {
          if (entriesRef.current.some((e) => e.id === entry.id)) close(entry.id);
        };
        // Modal components load on first use (react-aria stays out of the first view); nothing shows meanwhile.
        return (
          <Suspense key={entry.id} fallback={null}>
            <Component {...entry.props} close={dismiss} />
          </Suspense>
        );
      })}
    </ModalContext.Provider>
  );
}
