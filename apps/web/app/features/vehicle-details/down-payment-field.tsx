import type { Cents, Language } from "@showroom/domain";
import { useEffect, useRef, useState } from "react";
import { TextField } from "../../ui/form-fields.tsx";

export const DOWN_PAYMENT_DEBOUNCE_MS = 400;

/** The down payment's rule is the API's schema: it loads when the shopper first goes to the field. */
const loadDownPaymentRule = () => import("./down-payment.ts");

/** Dollars typed freely, checked with the API's rule, sent 400 ms after the last keystroke (or on leaving the field). */
export function DownPaymentField(props: {
  id: string;
  initial: string;
  language: Language;
  label: string;
  hint: string;
  serverError: string | undefined;
  onCommit(cents: Cents): void;
}) {
  const [text, setText] = useState(props.initial);
  const [edited, setEdited] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const commitRef = useRef<(value: string) => Promise<void>>(async () => {});
  commitRef.current = async (value: string) => {
    const { parseDownPayment } = await loadDownPaymentRule();
    const parsed = parseDownPayment(value, props.language);
    if (!parsed.ok) return setLocalError(parsed.message);
    setLocalError(null);
    props.onCommit(parsed.cents);
  };
  useEffect(() => {
    if (!edited) return;
    const timer = window.setTimeout(() => void commitRef.current(text), DOWN_PAYMENT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, edited]);

  return (
    <TextField
      id={props.id}
      className="@sm:col-span-2"
      label={props.label}
      hint={props.hint}
      error={localError ?? props.serverError}
      value={text}
      onChange={(value) => {
        setText(value);
        setEdited(true);
      }}
      onFocus={() => void loadDownPaymentRule()}
      onBlur={() => edited && void commitRef.current(text)}
      onKeyDown={(event) => {
        if (event.key === "Enter") void commitRef.current(text);
      }}
      inputMode="decimal"
      autoComplete="off"
      testId="down-payment-input"
      errorTestId="payment-error-down_payment"
    />
  );
}
