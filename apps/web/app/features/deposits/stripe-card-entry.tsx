import { Component, lazy, Suspense, useState, type ReactNode } from "react";
import { StripeLoadFailed, StripeLoading, type CardFormProps } from "./deposit-form.tsx";

/**
 * Stripe's card form, fetched only when the dealership takes cards through Stripe: its code and Stripe's
 * (@stripe/stripe-js, @stripe/react-stripe-js, then Stripe.js itself) stay out of every page's first view and out of
 * the sandbox's deposit step.
 */
const importStripeCardForm = () => import("./stripe-card-form.tsx");

/** A part that failed to load (its code fetched offline): what `failed` shows, with a way to try again. */
class LoadBoundary extends Component<
  { failed(retry: () => void): ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.failed(() => this.setState({ failed: false })) : this.props.children;
  }
}

export function StripeCardEntry(props: CardFormProps & { publishableKey: string | null }) {
  const { t } = props;
  // A failed import stays failed in its lazy component: a retry takes a new one.
  const [StripeCardForm, setStripeCardForm] = useState(() => lazy(importStripeCardForm));
  if (!props.publishableKey)
    return (
      <p role="alert" className="rounded-lg border-2 border-amber-700 bg-amber-50 p-3 font-semibold">
        {t("deposit.stripe_not_set_up")}
      </p>
    );
  return (
    <LoadBoundary
      failed={(retry) => (
        <StripeLoadFailed
          t={t}
          onRetry={() => {
            setStripeCardForm(() => lazy(importStripeCardForm));
            retry();
          }}
        />
      )}
    >
      <Suspense fallback={<StripeLoading t={t} />}>
        <StripeCardForm {...props} publishableKey={props.publishableKey} />
      </Suspense>
    </LoadBoundary>
  );
}
