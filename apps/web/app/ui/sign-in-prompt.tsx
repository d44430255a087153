import { useShell } from "../lib/shell-context.tsx";
import { ctaButtonClass } from "./styles.ts";

/**
 * A page that needs the shopper signed in: what it is, why, and the button that opens the sign-in modal. Once signed
 * in, the shell reads the page again and its loader finds what it looked for.
 */
export function SignInPrompt(props: { id: string; title: string; body: string; action: string; testId: string }) {
  const { signIn, prefetchSignIn } = useShell();
  return (
    <section aria-labelledby={`${props.id}-title`} className="grid gap-3 rounded-xl border border-black/10 bg-white p-6" data-testid={`${props.testId}-locked`}>
      <h2 id={`${props.id}-title`} className="text-xl font-semibold">
        {props.title}
      </h2>
      <p>{props.body}</p>
      <button
        type="button"
        onClick={() => void signIn(undefined, { mode: "sign-in" })}
        onPointerEnter={prefetchSignIn}
        onFocus={prefetchSignIn}
        className={`${ctaButtonClass} min-h-11 w-fit`}
        data-testid={`${props.testId}-sign-in`}
      >
        {props.action}
      </button>
    </section>
  );
}
