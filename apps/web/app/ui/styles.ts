/** The dealership's call-to-action look, shared by every primary button and button-like link. */
export const ctaButtonClass =
  "rounded-md bg-[var(--cta)] px-4 py-2 font-semibold text-[var(--cta-fg)] hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--cta)]";

/** A text field or select: full width, the accent's focus ring, a red border when aria-invalid. */
export const fieldClass =
  "mt-1 w-full rounded-md border border-black/30 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-[var(--accent)] aria-invalid:border-red-700";
