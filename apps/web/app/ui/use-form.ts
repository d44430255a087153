import { useRef, useState } from "react";

/**
 * Forms from schemas (ARCHITECTURE.md §7): a zod schema of `packages/domain` checks the form in the browser, the
 * API's refusals name the same fields, and both kinds of message are shown at the field they name; the first field
 * in error (in the order the form shows them) takes the focus. `useSubmission` is the one hook that carries a
 * call's pending, field-error and general-error state.
 */

/** One message per field, by the field's name (a dotted path for nested ones, as the API names them). */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/** The fields of a form and where a message goes. */
export type FormBinding<F extends string> = {
  /** The form's fields in the order they appear: the first one in error gets the focus. */
  fields: readonly F[];
  /**
   * The field of a message whose path is not one of `fields` (a parent object's message, a renamed field); null or
   * absent: the message names no field of the form and is shown with the general ones.
   */
  fieldOf?(path: string): F | null;
};

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };
/** What the binding needs of a schema: zod's `safeParse` (v3 and v4 alike). */
export type SafeParseSchema<T> = {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
};

/** A check's outcome: the parsed data, or the messages by field and those that name no field. */
export type Checked<T, F extends string> = { ok: true; data: T } | { ok: false; fields: FieldErrors<F>; general: string[] };

function placeMessages<F extends string>(entries: Iterable<[string, string]>, binding: FormBinding<F>, localize: (message: string, field: F | null) => string) {
  const fields: FieldErrors<F> = {};
  const general: string[] = [];
  for (const [path, message] of entries) {
    const field = (binding.fields as readonly string[]).includes(path) ? (path as F) : (binding.fieldOf?.(path) ?? null);
    if (field === null) general.push(localize(message, null));
    else fields[field] ??= localize(message, field);
  }
  return { fields, general: [...new Set(general)] };
}

/**
 * Checks `input` with a schema: each issue's message (localized by `localize`, the first per field) at the field
 * its path names. The schema is an argument, not an import, so a form may load it only when first sent.
 */
export function checkWith<T, F extends string>(
  schema: SafeParseSchema<T>,
  input: unknown,
  binding: FormBinding<F>,
  localize: (message: string, field: F | null) => string,
): Checked<T, F> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const placed = placeMessages(
    parsed.error.issues.map((issue): [string, string] => [issue.path.map(String).join("."), issue.message]),
    binding,
    localize,
  );
  return { ok: false, ...placed };
}

/** The messages of an API refusal (a path → message map, as `errorMessages` reads it) placed at the form's fields. */
export function serverErrors<F extends string>(messages: Record<string, string>, binding: FormBinding<F>): { fields: FieldErrors<F>; general: string[] } {
  return placeMessages(Object.entries(messages), binding, (message) => message);
}

/** Moves the focus to a field of the form by its id (radio groups: their first choice). */
export function focusField(id: string) {
  const element = document.getElementById(id);
  const target = element instanceof HTMLFieldSetElement ? element.querySelector("input") : element;
  target?.focus();
}

/** What a refused call shows: messages at fields, general ones, and where the focus goes when no field is in error. */
export type Refusal<F extends string> = { fields?: FieldErrors<F>; general?: string[]; focus?: F };

export type Submission<F extends string> = {
  /** A call is running: the submit button says so and another send is ignored. */
  pending: boolean;
  errors: FieldErrors<F>;
  /** Messages that name no field, shown once above or below the button. */
  general: string[];
  /**
   * Sends a form: nothing while a call runs; the browser's check failing shows its messages (with `invalid`, a
   * general message, when given) and focuses the first field in error; otherwise the messages are cleared, the call
   * runs (pending), `done` runs with its answer (still pending), and a refusal (or `done` failing) shows what
   * `refused` makes of it.
   */
  submit<T, R>(
    checked: Checked<T, F>,
    steps: {
      call(data: T): Promise<R>;
      done?(answer: R): unknown;
      /** A refused call: what to show, or nothing when the form handled it itself. */
      refused(error: unknown): Refusal<F> | void | Promise<Refusal<F> | void>;
      invalid?: string;
    },
  ): Promise<void>;
  /** Runs a call with no form to check (a button): the same as `submit` with nothing to check. */
  run<R>(steps: { call(): Promise<R>; done?(answer: R): unknown; refused(error: unknown): Refusal<F> | void | Promise<Refusal<F> | void> }): Promise<void>;
  /** Shows messages (replacing those shown): the first field in error, else `focus`, takes the focus. */
  fail(refusal: Refusal<F>): void;
  /** Replaces the general messages only (field messages stay). */
  setGeneral(messages: string[]): void;
};

/**
 * The state of a form's call: pending, messages by field and general messages. `idOf` names each field's element,
 * where the focus goes; `general` is shown until the first send (a step that opens with a warning).
 */
export function useSubmission<F extends string>(options: { fields: readonly F[]; idOf(field: F): string; general?: string[] }): Submission<F> {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [general, setGeneral] = useState<string[]>(options.general ?? []);
  // The state may not be rendered yet when a second click comes: the ref says at once that a call runs.
  const running = useRef(false);

  const fail = (refusal: Refusal<F>) => {
    const fields: FieldErrors<F> = refusal.fields ?? {};
    setErrors(fields);
    setGeneral(refusal.general ?? []);
    const first = options.fields.find((field) => fields[field]) ?? refusal.focus;
    if (first) window.setTimeout(() => focusField(options.idOf(first)), 0);
  };

  async function call<R>(send: () => Promise<R>, steps: { done?(answer: R): unknown; refused(error: unknown): Refusal<F> | void | Promise<Refusal<F> | void> }) {
    setErrors({});
    setGeneral([]);
    running.current = true;
    setPending(true);
    try {
      // Not `steps.done?.(await send())`: with no `done`, optional chaining would skip the call itself.
      const answer = await send();
      await steps.done?.(answer);
    } catch (error) {
      const refusal = await steps.refused(error);
      if (refusal) fail(refusal);
    } finally {
      running.current = false;
      setPending(false);
    }
  }

  return {
    pending,
    errors,
    general,
    fail,
    setGeneral,
    async submit(checked, steps) {
      if (running.current) return;
      if (!checked.ok) return fail({ fields: checked.fields, general: steps.invalid ? [steps.invalid, ...checked.general] : checked.general });
      await call(() => steps.call(checked.data), steps);
    },
    async run(steps) {
      if (running.current) return;
      await call(steps.call, steps);
    },
  };
}
