import { useEffect, useRef, type ReactNode } from "react";

/** Spec 2.3: where a popover sits at the bottom of the window; any other variant is an error. */
export const POPOVER_VARIANTS = ["bottom-left", "bottom-center", "bottom-right"] as const;
export type PopoverVariant = (typeof POPOVER_VARIANTS)[number];

/** 10 px between the popover and the bottom of the window (spec 2.3). */
export const POPOVER_BOTTOM_MARGIN_PX = 10;

/** The classes that place a popover of this variant; throws for any other variant. */
export function popoverPlacement(variant: string): string {
  switch (variant) {
    case "bottom-left":
      return "left-[10px] items-start";
    case "bottom-center":
      return "left-1/2 -translate-x-1/2 items-center";
    case "bottom-right":
      return "right-[10px] items-end";
    default:
      throw new Error(`Unknown popover variant "${variant}": use bottom-left, bottom-center or bottom-right`);
  }
}

/**
 * A small floating panel anchored to the bottom of the window with the button that opens it (the panel above the
 * button). It is not modal: the page stays usable; Escape closes it and gives the focus back to the button.
 */
export function Popover(props: {
  variant: PopoverVariant;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The button's content; its accessible name comes from `triggerLabel`. */
  trigger: ReactNode;
  triggerLabel: string;
  /** Names the panel (a labelled region). */
  label: string;
  id: string;
  children: ReactNode;
}) {
  const placement = popoverPlacement(props.variant);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { open, onOpenChange } = props;

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onOpenChange(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open, onOpenChange]);

  return (
    <div
      className={`fixed z-40 flex flex-col gap-2 ${placement}`}
      style={{ bottom: POPOVER_BOTTOM_MARGIN_PX }}
      data-popover-variant={props.variant}
    >
      {open && (
        <div
          ref={panel}
          id={props.id}
          role="region"
          aria-label={props.label}
          tabIndex={-1}
          className="w-[min(22rem,calc(100vw-20px))] rounded-xl border border-black/10 bg-[var(--modal-bg)] p-4 text-[var(--modal-fg)] shadow-xl outline-none"
        >
          {props.children}
        </div>
      )}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? props.id : undefined}
        aria-label={props.triggerLabel}
        onClick={() => onOpenChange(!open)}
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-[var(--cta)] px-4 font-semibold text-[var(--cta-fg)] shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--cta)]"
      >
        {props.trigger}
      </button>
    </div>
  );
}
