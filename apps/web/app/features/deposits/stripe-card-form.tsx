import { languageOf } from "@showroom/domain";
import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
  useStripe,
} from "@stripe/react-stripe-js";
import {
  loadStripe,
  type Stripe,
  type StripeCardNumberElementOptions,
  type StripeElementsOptions,
  type StripeElementStyle,
  type StripeError,
} from "@stripe/stripe-js";
import { useMemo, useState, useEffect, type FormEvent } from "react";
import type { FieldErrors } from "../../ui/use-form.ts";
import {
  cardholderOf,
  DepositFormFields,
  fieldId,
  StripeLoadFailed,
  StripeLoading,
  useDepositForm,
  type CardFormProps,
  type DepositField,
} from "./deposit-form.tsx";
import type { DepositsTranslate } from "./i18n.ts";

/**
 * The card taken by Stripe's Elements (Stripe mode): the number, expiry and code are typed in Stripe's own frames and
 * go from the browser to Stripe, which answers a PaymentMethod (`pm_...`); only that id reaches our server
 * (charge_deposit's `form.payment_method`, never `form.card`). The cardholder's fields are the sandbox form's, checked
 * with the same schema. Loaded only in Stripe mode (stripe-card-entry.tsx).
 */

/** The card's three parts, each in its own Stripe frame. */
type CardPart = "cardNumber" | "cardExpiry" | "cardCvc";
const PARTS: readonly CardPart[] = ["cardNumber", "cardExpiry", "cardCvc"];

/** One Stripe object per publishable key for the page's life; a load that failed is forgotten, so a retry loads again. */
const stripes = new Map<string, Promise<Stripe>>();
function stripeFor(publishableKey: string): Promise<Stripe> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).then((loaded) => {
      if (!loaded) throw new Error("Stripe.js is not available here");
      return loaded;
    });
    stripes.set(publishableKey, stripe);
    stripe.catch(() => stripes.delete(publishableKey));
  }
  return stripe;
}

type Loaded = { phase: "loading" } | { phase: "failed" } | { phase: "ready"; stripe: Stripe };

export default function StripeCardForm(props: CardFormProps & { publishableKey: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ phase: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    stripeFor(props.publishableKey).then(
      (stripe) => current && setLoaded({ phase: "ready", stripe }),
      () => current && setLoaded({ phase: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [props.publishableKey, attempt]);
  // Stripe's own messages (an incomplete number, an expiry in the past) in the page's language.
  const language = languageOf(props.locale);
  const options = useMemo<StripeElementsOptions>(() => ({ locale: language === "fr" ? "fr-CA" : "en" }), [language]);
  return (
    <Elements stripe={loaded.phase === "ready" ? loaded.stripe : null} options={options}>
      <StripeDepositForm
        {...props}
        loading={loaded.phase === "loading"}
        failed={loaded.phase === "failed"}
        onRetry={() => {
          setLoaded({ phase: "loading" });
          setAttempt((n) => n + 1);
        }}
      />
    </Elements>
  );
}

/** Stripe said no to the card before anything reached our server. */
class StripeCardProblem extends Error {
  constructor(readonly error: StripeError) {
    super(error.message ?? error.type);
  }
}

/** Stripe's message for the card (already in the page's language); its other failures (network, API) in ours. */
const messageOf = (error: StripeError, t: DepositsTranslate) =>
  (error.type === "validation_error" || error.type === "card_error") && error.message
    ? error.message
    : t("deposit.stripe_check_failed");

/** The part a Stripe error code is about (incomplete_expiry, invalid_cvc, ...), where the focus goes. */
const partOf = (code: string | undefined): CardPart =>
  code && /expir/.test(code) ? "cardExpiry" : code && /cvc/.test(code) ? "cardCvc" : "cardNumber";

/** A field's message, except the card's: the card is Stripe's to check, not the schema's. */
const withoutCard = (fields: FieldErrors<DepositField>) =>
  Object.fromEntries(
    Object.entries(fields).filter(([field]) => !field.startsWith("card.")),
  ) as FieldErrors<DepositField>;

/** Stripe's frames take our look: the same font size and colours as our fields. */
const STYLE: StripeElementStyle = {
  base: { fontSize: "16px", color: "#111827", "::placeholder": { color: "#6b7280" } },
  invalid: { color: "#991b1b" },
};
/** The frame's box looks like our fields (Stripe marks it --focus and --invalid). */
const FRAME_CLASS =
  "mt-1 w-full rounded-md border border-black/30 bg-white px-3 py-2.5 [&.StripeElement--focus]:outline-2 [&.StripeElement--focus]:outline-[var(--accent)] [&.StripeElement--invalid]:border-red-700";

function StripeDepositForm(props: CardFormProps & { loading: boolean; failed: boolean; onRetry(): void }) {
  const { t, values } = props;
  const stripe = useStripe();
  const elements = useElements();
  const form = useDepositForm(props);
  const { submission, errors } = form;
  // Stripe's word on the card: each part's as it is typed, and the card's when it was sent to Stripe.
  const [typed, setTyped] = useState<Partial<Record<CardPart, string>>>({});
  const [stripeSaid, setStripeSaid] = useState<string | null>(null);
  const ready = Boolean(stripe && elements);
  const cardMessage =
    stripeSaid ?? PARTS.map((part) => typed[part]).find(Boolean) ?? errors["card.number"] ?? props.cardError;

  const disabled = submission.pending;
  const numberOptions = useMemo<StripeCardNumberElementOptions>(
    () => ({ style: STYLE, showIcon: true, disabled }),
    [disabled],
  );
  const partOptions = useMemo(() => ({ style: STYLE, disabled }), [disabled]);
  const changed = (part: CardPart) => (event: { error?: { message: string } | undefined }) => {
    setStripeSaid(null);
    setTyped((now) => ({ ...now, [part]: event.error?.message }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const number = elements?.getElement(CardNumberElement);
    if (!stripe || !elements || !number || submission.pending) return;
    form.start();
    setStripeSaid(null);
    const cardholder = cardholderOf(values);
    // Our fields first, with the schema charge_deposit uses: no PaymentMethod is made for a form we would refuse.
    const own = form.check(cardholder);
    const ownFields = own.ok ? {} : withoutCard(own.fields);
    if (!own.ok && (Object.keys(ownFields).length > 0 || own.general.length > 0))
      return submission.fail({ fields: ownFields, general: [t("deposit.fix_errors"), ...own.general] });
    await submission.run({
      call: async () => {
        const { paymentMethod, error } = await stripe.createPaymentMethod({
          type: "card",
          card: number,
          billing_details: {
            name: cardholder.name_on_card.trim(),
            address: { line1: cardholder.address_line.trim(), postal_code: cardholder.postal_code.trim() },
          },
        });
        if (error) throw new StripeCardProblem(error);
        const withCard = { ...cardholder, payment_method: paymentMethod.id };
        const checked = form.check(withCard);
        if (!checked.ok) throw new Error(`The form was refused with Stripe's PaymentMethod ${paymentMethod.id}`);
        await props.api.validate(props.orderId, withCard);
        const card = paymentMethod.card
          ? { brand: paymentMethod.card.brand, last4: paymentMethod.card.last4 }
          : undefined;
        return { data: checked.data, card };
      },
      done: ({ data, card }) => props.onReview(data, card),
      refused: (error) => {
        if (!(error instanceof StripeCardProblem)) return form.refusal(error);
        // Nothing reached our server: Stripe's message at the card, the focus on the part it is about.
        setStripeSaid(messageOf(error.error, t));
        const part = partOf(error.error.code);
        const element =
          part === "cardExpiry"
            ? elements.getElement(CardExpiryElement)
            : part === "cardCvc"
              ? elements.getElement(CardCvcElement)
              : elements.getElement(CardNumberElement);
        element?.focus();
      },
    });
  }

  return (
    <DepositFormFields
      t={t}
      country={props.country}
      demonstration={props.details.demonstration}
      values={values}
      form={form}
      cardError={cardMessage}
      waiting={!ready}
      onSubmit={(event) => void submit(event)}
      card={
        props.failed ? (
          <StripeLoadFailed t={t} onRetry={props.onRetry} />
        ) : props.loading || !ready ? (
          <StripeLoading t={t} />
        ) : (
          <div className="grid gap-3" data-testid="deposit-stripe-card">
            <div>
              <label htmlFor={fieldId("card.number")} className="font-semibold">
                {t("deposit.card_number")}
              </label>
              <CardNumberElement
                id={fieldId("card.number")}
                className={FRAME_CLASS}
                options={numberOptions}
                onChange={changed("cardNumber")}
                // Stripe.js loaded but its frame did not (blocked, offline): the same words as a failed load.
                onLoadError={() => setStripeSaid(t("deposit.stripe_load_failed"))}
                onReady={(element) => {
                  // Back from review with the card declined: the focus on the card, its message above it.
                  if (props.cardError && !props.refused) element.focus();
                }}
              />
            </div>
            <div className="grid grid-cols-2 gap-3">
              <div>
                <label htmlFor="deposit-card-expiry" className="font-semibold">
                  {t("deposit.exp_date")}
                </label>
                <CardExpiryElement
                  id="deposit-card-expiry"
                  className={FRAME_CLASS}
                  options={partOptions}
                  onChange={changed("cardExpiry")}
                />
              </div>
              <div>
                <label htmlFor={fieldId("card.cvc")} className="font-semibold">
                  {t("deposit.cvc")}
                </label>
                <CardCvcElement
                  id={fieldId("card.cvc")}
                  className={FRAME_CLASS}
                  options={partOptions}
                  onChange={changed("cardCvc")}
                />
              </div>
            </div>
            <p className="text-xs opacity-80">{t("deposit.cvc_hint")}</p>
            <p className="text-sm">{t("deposit.stripe_secure")}</p>
          </div>
        )
      }
    />
  );
}
