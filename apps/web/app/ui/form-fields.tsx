import type { FocusEventHandler, HTMLAttributes, KeyboardEventHandler, ReactNode } from "react";
import { fieldClass } from "./styles.ts";

/** Error text under a control; the control points at it with aria-describedby. */
export function FieldError(props: { id: string; message: string | undefined; testId?: string | undefined }) {
  if (!props.message) return null;
  return (
    <p id={props.id} className="mt-1 text-sm font-medium text-red-800" data-testid={props.testId ?? `${props.id}-text`}>
      {props.message}
    </p>
  );
}

export const describedBy = (...ids: (string | false | null | undefined)[]) =>
  ids.filter(Boolean).join(" ") || undefined;

/** A labelled text input with an optional hint and its error, both tied to it. */
export function TextField(props: {
  id: string;
  /** The field's name for autofill (the id by default). */
  name?: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: string | undefined;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  required?: boolean;
  maxLength?: number;
  className?: string;
  /** Classes added to the input's own (a code field's larger digits). */
  inputClassName?: string;
  testId?: string;
  /** The error text's test id (`{id}-error-text` by default). */
  errorTestId?: string;
  onFocus?: FocusEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
  children?: ReactNode;
}) {
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className="font-semibold">
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name ?? props.id}
        type={props.type ?? "text"}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onFocus={props.onFocus}
        onBlur={props.onBlur}
        onKeyDown={props.onKeyDown}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        aria-required={props.required || undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.hint && hintId, props.error && errorId)}
        className={props.inputClassName ? `${fieldClass} ${props.inputClassName}` : fieldClass}
        data-testid={props.testId}
      />
      {props.hint && (
        <p id={hintId} className="mt-1 text-xs opacity-80">
          {props.hint}
        </p>
      )}
      <FieldError id={errorId} message={props.error} testId={props.errorTestId} />
      {props.children}
    </div>
  );
}

/** A labelled native select with its error tied to it; the options are its children. */
export function SelectField(props: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  className?: string;
  testId?: string;
  /** The error text's test id (`{id}-error-text` by default). */
  errorTestId?: string;
  /** For the browser's autofill (cc-exp-month, ...). */
  name?: string;
  autoComplete?: string;
  children: ReactNode;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className="font-semibold">
        {props.label}
      </label>
      <select
        id={props.id}
        name={props.name}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        className={fieldClass}
        data-testid={props.testId}
      >
        {props.children}
      </select>
      <FieldError id={errorId} message={props.error} testId={props.errorTestId} />
    </div>
  );
}

/** A checkbox whose label may be long (the dealership's disclosure); the error sits under it. */
export function CheckboxField(props: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  error?: string | undefined;
  required?: boolean;
  testId?: string;
  after?: ReactNode;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={props.id}
          type="checkbox"
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
          aria-required={props.required || undefined}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          className="mt-1 h-5 w-5 shrink-0 accent-[var(--accent)]"
          data-testid={props.testId}
        />
        <label htmlFor={props.id} className="text-sm">
          {props.label}
        </label>
      </div>
      {props.after}
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}
