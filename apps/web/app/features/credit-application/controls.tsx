import type { HTMLAttributes, ReactNode } from "react";
import { describedBy, FieldError } from "../../ui/form-fields.tsx";
import { fieldClass, secondaryButtonClass } from "../../ui/styles.ts";

/**
 * The credit form's controls: each one labelled, its hint and its error tied to it (aria-describedby), the error
 * marked on the control (aria-invalid). Radio groups are fieldsets with a legend.
 */
type Common = {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: string | undefined;
  className?: string | undefined;
};

function Label(props: { htmlFor?: string; label: ReactNode; optional?: string | undefined }) {
  return (
    <label htmlFor={props.htmlFor} className="font-semibold">
      {props.label}
      {props.optional && <span className="font-normal opacity-80"> {props.optional}</span>}
    </label>
  );
}

export function InputControl(
  props: Common & {
    value: string;
    onChange(value: string): void;
    onBlur?(): void;
    type?: "text" | "email" | "tel" | "date";
    autoComplete?: string | undefined;
    inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
    maxLength?: number | undefined;
    autoCapitalize?: string;
    max?: string;
    prefix?: string;
    after?: ReactNode;
  },
) {
  const hintId = `${props.id}-hint`;
  const errorId = `${props.id}-error`;
  const input = (
    <input
      id={props.id}
      name={props.id}
      type={props.type ?? "text"}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      onBlur={props.onBlur}
      autoComplete={props.autoComplete}
      inputMode={props.inputMode}
      maxLength={props.maxLength}
      autoCapitalize={props.autoCapitalize}
      max={props.max}
      spellCheck={props.type === "email" || props.inputMode === "numeric" ? false : undefined}
      aria-required={props.optional ? undefined : true}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={describedBy(props.hint ? hintId : null, props.error ? errorId : null)}
      className={props.prefix ? `${fieldClass} pl-7` : fieldClass}
      data-testid={props.id}
    />
  );
  return (
    <div className={props.className}>
      <Label htmlFor={props.id} label={props.label} optional={props.optional} />
      {props.prefix ? (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 mt-0.5 -translate-y-1/2 opacity-70"
          >
            {props.prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
      {props.hint && (
        <p id={hintId} className="mt-1 text-xs opacity-80">
          {props.hint}
        </p>
      )}
      <FieldError id={errorId} message={props.error} testId={`${props.id}-error`} />
      {props.after}
    </div>
  );
}

export function SelectControl(
  props: Common & {
    value: string;
    onChange(value: string): void;
    options: readonly { value: string; label: string }[];
    placeholder: string;
    autoComplete?: string | undefined;
  },
) {
  const errorId = `${props.id}-error`;
  return (
    <div className={props.className}>
      <Label htmlFor={props.id} label={props.label} optional={props.optional} />
      <select
        id={props.id}
        name={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        autoComplete={props.autoComplete}
        aria-required={props.optional ? undefined : true}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        className={fieldClass}
        data-testid={props.id}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={props.error} testId={`${props.id}-error`} />
    </div>
  );
}

/** A question answered by one of a few choices: a fieldset whose legend is the question (and a text under it). */
export function RadioGroupControl<V extends string | boolean>(
  props: Common & {
    value: V | undefined;
    onChange(value: V): void;
    choices: readonly { value: V; label: string; testId: string }[];
    description?: ReactNode;
  },
) {
  const errorId = `${props.id}-error`;
  const descriptionId = `${props.id}-description`;
  return (
    <fieldset
      id={props.id}
      role="radiogroup"
      aria-labelledby={`${props.id}-legend`}
      aria-required={props.optional ? undefined : true}
      className={`min-w-0 ${props.className ?? ""}`}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={describedBy(props.description ? descriptionId : null, props.error ? errorId : null)}
      data-testid={props.id}
    >
      {/* Floated, the legend sits inside the group's box rather than across its border. */}
      <legend id={`${props.id}-legend`} className="float-left w-full font-semibold">
        {props.label}
        {props.optional && <span className="font-normal opacity-80"> {props.optional}</span>}
      </legend>
      <div className="clear-left" />
      {props.description && (
        <p id={descriptionId} className="mt-1 text-sm">
          {props.description}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        {props.choices.map((choice) => (
          <label key={String(choice.value)} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={props.id}
              checked={props.value === choice.value}
              onChange={() => props.onChange(choice.value)}
              aria-invalid={props.error ? true : undefined}
              className="h-5 w-5 accent-[var(--accent)]"
              data-testid={choice.testId}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={props.error} testId={`${props.id}-error`} />
    </fieldset>
  );
}

export function CheckboxControl(props: Common & { checked: boolean; onChange(checked: boolean): void }) {
  const errorId = `${props.id}-error`;
  return (
    <div className={props.className}>
      <div className="flex items-start gap-3">
        <input
          id={props.id}
          type="checkbox"
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
          aria-required={props.optional ? undefined : true}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--accent)]"
          data-testid={props.id}
        />
        <label htmlFor={props.id}>{props.label}</label>
      </div>
      <FieldError id={errorId} message={props.error} testId={`${props.id}-error`} />
    </div>
  );
}

/** The SIN: the masked one on file (replace it, or remove it), or a box to type one. */
export function SinControl(
  props: Common & {
    value: string;
    onChange(value: string): void;
    onFile: string | null;
    replacing: boolean;
    onReplace(replacing: boolean): void;
    onRemove(): void;
    removing: boolean;
    words: { onFile: string; replace: string; remove: string; keep: string };
  },
) {
  if (props.onFile && !props.replacing && !props.value)
    return (
      <div className={props.className} data-testid={`${props.id}-on-file`}>
        <p className="font-semibold">{props.label}</p>
        <p className="mt-1" data-testid={`${props.id}-masked`}>
          {props.words.onFile}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => props.onReplace(true)}
            className={secondaryButtonClass}
            data-testid={`${props.id}-replace`}
          >
            {props.words.replace}
          </button>
          <button
            type="button"
            onClick={props.onRemove}
            disabled={props.removing}
            className={secondaryButtonClass}
            data-testid={`${props.id}-remove`}
          >
            {props.words.remove}
          </button>
        </div>
        <FieldError id={`${props.id}-error`} message={props.error} testId={`${props.id}-error`} />
      </div>
    );
  return (
    <InputControl
      id={props.id}
      label={props.label}
      optional={props.optional}
      className={props.className}
      hint={props.hint}
      error={props.error}
      value={props.value}
      onChange={props.onChange}
      inputMode="numeric"
      autoComplete="off"
      maxLength={11}
      after={
        props.onFile ? (
          <button
            type="button"
            onClick={() => {
              props.onChange("");
              props.onReplace(false);
            }}
            className="mt-2 min-h-11 text-sm font-semibold underline"
            data-testid={`${props.id}-keep`}
          >
            {props.words.keep}
          </button>
        ) : null
      }
    />
  );
}
