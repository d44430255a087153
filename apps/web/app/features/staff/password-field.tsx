/** A password input: a labelled field like the others (not trimmed). */
export function PasswordField(props: { id: string; label: string; value: string; onChange(v: string): void; error?: string | undefined; hint?: string; autoComplete: string; testId: string }) {
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  const described = [props.hint && hintId, props.error && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={props.id} className="font-semibold">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.id}
        type="password"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        autoComplete={props.autoComplete}
        aria-required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={described}
        className="mt-1 w-full rounded-md border border-black/30 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-[var(--accent)] aria-invalid:border-red-700"
        data-testid={props.testId}
      />
      {props.hint && (
        <p id={hintId} className="mt-1 text-xs opacity-80">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800" data-testid={`${props.testId}-error`}>
          {props.error}
        </p>
      )}
    </div>
  );
}
