/** The dealership's call-to-action look, shared by every primary button and button-like link. */
export const ctaButtonClass =
  "rounded-md bg-[var(--cta)] px-4 py-2 font-semibold text-[var(--cta-fg)] hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--cta)]";

/** The secondary action beside a call to action (Back, Keep my build, Discard): outlined, the same height. */
export const secondaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md border-2 border-black/30 bg-white px-4 py-2 font-semibold hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--accent)]";

/** A text field or select: full width, the accent's focus ring, a red border when aria-invalid. */
export const fieldClass =
  "mt-1 w-full rounded-md border border-black/30 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-[var(--accent)] aria-invalid:border-red-700";
