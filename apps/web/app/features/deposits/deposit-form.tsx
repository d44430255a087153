import {
  depositFormSchema,
  languageOf,
  localizeValidationMessage,
  type Country,
  type DepositForm,
  type Locale,
} from "@showroom/domain";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { ApiRequestError } from "../../lib/api-client.ts";
import { errorMessages, httpFailure } from "../../lib/api-errors.ts";
import { TextField } from "../../ui/form-fields.tsx";
import { ctaButtonClass, secondaryButtonClass } from "../../ui/styles.ts";
import { checkWith, useSubmission, type FieldErrors, type FormBinding } from "../../ui/use-form.ts";
import { formatCardNumber } from "./deposit-format.ts";
import type { DepositDetails, DepositsApi } from "./deposits-api.ts";
import type { DepositsTranslate } from "./i18n.ts";

/**
 * What the two card forms share: the sandbox's own card inputs (deposit-flow.tsx) and Stripe's Elements
 * (stripe-card-form.tsx, loaded only in Stripe mode) sit in the same form, with the same cardholder fields, the same
 * schema and the same way of showing the API's refusals.
 */

/** The card form's fields, named as the API names them (its 400 answers' paths), in the order the form shows them. */
export const DEPOSIT_FIELDS = [
  "name_on_card",
  "card.number",
  "card.exp_month",
  "card.exp_year",
  "card.cvc",
  "first_name",
  "last_name",
  "address_line",
  "postal_code",
  "coupon_code",
] as const;
export type DepositField = (typeof DEPOSIT_FIELDS)[number];
/** A message about the card as a whole (the sandbox's card, Stripe's PaymentMethod) goes to the card number. */
export const BINDING: FormBinding<DepositField> = {
  fields: DEPOSIT_FIELDS,
  fieldOf: (path) => (path === "card" || path === "payment_method" ? "card.number" : null),
};
export const fieldId = (field: DepositField) => `deposit-${field.replace(".", "-")}`;

export type DepositValues = Record<DepositField, string>;
export const EMPTY_VALUES: DepositValues = Object.fromEntries(DEPOSIT_FIELDS.map((f) => [f, ""])) as DepositValues;

/** The cardholder's fields as charge_deposit/ takes them (everything but the card). */
export const cardholderOf = (v: DepositValues) => ({
  name_on_card: v.name_on_card,
  first_name: v.first_name,
  last_name: v.last_name,
  address_line: v.address_line,
  postal_code: v.postal_code,
  ...(v.coupon_code.trim() && { coupon_code: v.coupon_code.trim() }),
});

/**
 * The form as charge_deposit/ takes it: with the Stripe PaymentMethod its Elements created (`pm_...`, no card), or
 * else the sandbox's own card form.
 */
export const formOf = (v: DepositValues, paymentMethod?: string) => ({
  ...cardholderOf(v),
  ...(paymentMethod
    ? { payment_method: paymentMethod }
    : {
        card: {
          number: v["card.number"],
          exp_month: v["card.exp_month"],
          exp_year: v["card.exp_year"],
          cvc: v["card.cvc"],
        },
      }),
});

/** The parsed form back as the form's values (the postal code as the schema normalized it). */
export function valuesOf(data: DepositForm): DepositValues {
  return {
    name_on_card: data.name_on_card,
    first_name: data.first_name,
    last_name: data.last_name,
    address_line: data.address_line,
    postal_code: data.postal_code,
    coupon_code: data.coupon_code ?? "",
    "card.number": data.card?.number ?? "",
    "card.exp_month": String(data.card?.exp_month ?? ""),
    "card.exp_year": String(data.card?.exp_year ?? ""),
    "card.cvc": data.card?.cvc ?? "",
  };
}

/** The reviewed form as charge_deposit/ sends it: `payment_method` in Stripe mode (and no card), else the card. */
export const chargeFormOf = (data: DepositForm) => formOf(valuesOf(data), data.payment_method);

/** The card as the processor described it (Stripe's PaymentMethod): the review names it by brand and last four. */
export type CardSummary = { brand: string; last4: string };

/** What a refused call shows: the API's 400 at the fields, else a general message (a session that ended: its notice). */
export function refusalOf(
  error: unknown,
  t: DepositsTranslate,
  language: "en" | "fr",
  onSessionExpired?: (kind: "dealer" | "customer" | null) => void,
) {
  if (error instanceof ApiRequestError && error.failure.kind === "session-expired") {
    onSessionExpired?.(error.failure.userKind);
    return;
  }
  if (error instanceof ApiRequestError && error.failure.kind === "network")
    return { general: [t("deposit.error.network")] };
  const failure = httpFailure(error);
  if (failure?.status === 400) {
    const read = errorMessages(failure.body);
    const fields: FieldErrors<DepositField> = {};
    const general: string[] = [];
    for (const [path, message] of Object.entries(read.fields)) {
      const field = (DEPOSIT_FIELDS as readonly string[]).includes(path)
        ? (path as DepositField)
        : BINDING.fieldOf?.(path);
      if (field) fields[field] ??= localizeValidationMessage(message, language);
      else general.push(localizeValidationMessage(message, language));
    }
    return {
      fields,
      general: general.length || read.general.length ? [...general, ...read.general] : [t("deposit.fix_errors")],
    };
  }
  return { general: [t("deposit.error.generic")] };
}

/** What the flow gives either card form. */
export type CardFormProps = {
  t: DepositsTranslate;
  locale: Locale;
  api: DepositsApi;
  orderId: number;
  details: DepositDetails;
  country: Country;
  /** Today at the dealership (YYYY-MM-DD). */
  today: string;
  values: DepositValues;
  onValues(values: DepositValues): void;
  /** The card was declined (or needs what this storefront cannot do): said at the card. */
  cardError: string | null;
  /** The API's field messages that sent the shopper back from review. */
  refused: FieldErrors<DepositField> | null;
  onCardError(message: string | null): void;
  /** The form is checked (and the card taken): on to the review, with the processor's view of the card if any. */
  onReview(data: DepositForm, card?: CardSummary): void;
  onSessionExpired?(userKind: "dealer" | "customer" | null): void;
};

/**
 * A card form's state: the submission, its messages (a field's message goes once the shopper changes that field: the
 * next send checks it again), the setter of each field, and the domain's schema as the API checks the form.
 */
export function useDepositForm(props: CardFormProps) {
  const { t, details, values } = props;
  const language = languageOf(props.locale);
  const submission = useSubmission<DepositField>({ fields: DEPOSIT_FIELDS, idOf: fieldId });
  const [edited, setEdited] = useState<ReadonlySet<DepositField>>(new Set());
  const errors: FieldErrors<DepositField> = Object.fromEntries(
    Object.entries(submission.errors).filter(([field]) => !edited.has(field as DepositField)),
  );
  const set = (field: DepositField) => (value: string) => {
    if (submission.errors[field] && !edited.has(field)) setEdited(new Set([...edited, field]));
    props.onValues({ ...values, [field]: field === "card.number" ? formatCardNumber(value) : value });
  };
  const localize = (message: string) => localizeValidationMessage(message, language);
  // Back from review with fields refused: their messages at the fields, the first one focused.
  useEffect(() => {
    if (props.refused) submission.fail({ fields: props.refused });
    // Once, as the screen opens.
  }, []);
  return {
    language,
    submission,
    errors,
    set,
    /** Checks a form as charge_deposit/ will (the same schema). */
    check: (form: Record<string, unknown>) =>
      checkWith(
        depositFormSchema({ country: props.country, geoValidation: details.geo_validation, today: props.today }),
        form,
        BINDING,
        localize,
      ),
    /** A new send: the previous card message and the edited marks go. */
    start() {
      props.onCardError(null);
      setEdited(new Set());
    },
    refusal: (error: unknown) => refusalOf(error, t, language, props.onSessionExpired),
  };
}
export type DepositFormState = ReturnType<typeof useDepositForm>;

/**
 * The card form: the card fieldset (its message, the name on card, then the card inputs `card` gives), the
 * cardholder's address, the coupon, the general messages and the button. `before` goes first (the sandbox's test
 * cards).
 */
export function DepositFormFields(props: {
  t: DepositsTranslate;
  country: Country;
  demonstration: boolean;
  values: DepositValues;
  form: DepositFormState;
  /** The message at the card (declined, or the processor's word on it), as an alert. */
  cardError: string | null;
  card: ReactNode;
  before?: ReactNode;
  /** The card inputs are not ready (Stripe still loading, or failed): the button waits. */
  waiting?: boolean;
  onSubmit(event: FormEvent): void;
}) {
  const { t, values, form } = props;
  const { errors, set, submission } = form;
  const cardErrorId = "deposit-card-error";
  return (
    <form
      noValidate
      onSubmit={props.onSubmit}
      className="grid gap-4"
      data-testid="deposit-form"
      aria-busy={submission.pending || undefined}
    >
      {props.before}
      <fieldset className="grid min-w-0 gap-3" aria-describedby={props.cardError ? cardErrorId : undefined}>
        <legend className="mb-1 text-base font-semibold">
          {t("deposit.card_fieldset")}
          {props.demonstration && (
            <span className="ml-2 inline-block rounded bg-black/10 px-1.5 py-0.5 text-xs uppercase">
              {t("deposit.demo_heading")}
            </span>
          )}
        </legend>
        {props.cardError && (
          <p
            id={cardErrorId}
            role="alert"
            className="rounded-md border border-red-800 bg-red-50 p-2 font-semibold text-red-800"
            data-testid="deposit-card-error"
          >
            {props.cardError}
          </p>
        )}
        <TextField
          id={fieldId("name_on_card")}
          name="cc-name"
          label={t("deposit.name_on_card")}
          value={values.name_on_card}
          onChange={set("name_on_card")}
          error={errors.name_on_card}
          autoComplete="cc-name"
          required
          maxLength={80}
        />
        {props.card}
      </fieldset>
      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-1 text-base font-semibold">{t("deposit.billing_fieldset")}</legend>
        <div className="grid gap-3 tablet-up:grid-cols-2">
          <TextField
            id={fieldId("first_name")}
            label={t("deposit.first_name")}
            value={values.first_name}
            onChange={set("first_name")}
            error={errors.first_name}
            autoComplete="given-name"
            required
            maxLength={60}
          />
          <TextField
            id={fieldId("last_name")}
            label={t("deposit.last_name")}
            value={values.last_name}
            onChange={set("last_name")}
            error={errors.last_name}
            autoComplete="family-name"
            required
            maxLength={60}
          />
        </div>
        <TextField
          id={fieldId("address_line")}
          label={t("deposit.address_line")}
          value={values.address_line}
          onChange={set("address_line")}
          error={errors.address_line}
          autoComplete="address-line1"
          required
          maxLength={120}
        />
        <TextField
          id={fieldId("postal_code")}
          label={t(props.country === "US" ? "deposit.zip_code" : "deposit.postal_code")}
          value={values.postal_code}
          onChange={set("postal_code")}
          error={errors.postal_code}
          autoComplete="postal-code"
          required
          maxLength={12}
          className="tablet-up:max-w-60"
        />
      </fieldset>
      <TextField
        id={fieldId("coupon_code")}
        label={t("deposit.coupon_code")}
        hint={t("deposit.coupon_code_hint")}
        value={values.coupon_code}
        onChange={set("coupon_code")}
        error={errors.coupon_code}
        autoComplete="off"
        maxLength={40}
        className="tablet-up:max-w-60"
      />
      <div aria-live="polite" data-testid="deposit-place-errors">
        {submission.general.map((message) => (
          <p key={message} role="alert" className="font-semibold text-red-800">
            {message}
          </p>
        ))}
      </div>
      <button
        type="submit"
        className={`${ctaButtonClass} min-h-11`}
        disabled={submission.pending || props.waiting}
        aria-busy={submission.pending || undefined}
        data-testid="deposit-to-review"
      >
        {submission.pending ? t("deposit.checking") : t("deposit.to_review")}
      </button>
    </form>
  );
}

/** Stripe's card form is on its way (its code, then Stripe.js). */
export function StripeLoading(props: { t: DepositsTranslate }) {
  return (
    <p role="status" className="rounded-md bg-black/5 p-3 text-sm" data-testid="deposit-stripe-loading">
      {props.t("deposit.stripe_loading")}
    </p>
  );
}

/** Stripe's card form could not load (offline, blocked): said plainly, with a retry. */
export function StripeLoadFailed(props: { t: DepositsTranslate; onRetry(): void }) {
  return (
    <div className="grid gap-2 rounded-md border border-red-800 bg-red-50 p-3" data-testid="deposit-stripe-load-failed">
      <p role="alert" className="font-semibold text-red-800">
        {props.t("deposit.stripe_load_failed")}
      </p>
      <button type="button" className={secondaryButtonClass} onClick={props.onRetry} data-testid="deposit-stripe-retry">
        {props.t("deposit.retry")}
      </button>
    </div>
  );
}
