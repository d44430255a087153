/** The dealership's call-to-action look, shared by every primary button and button-like link. */
export const ctaButtonClass =
  "rounded-md bg-[var(--cta)] px-4 py-2 font-semibold text-[var(--cta-fg)] hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--cta)]";
