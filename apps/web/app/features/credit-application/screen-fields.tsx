import {
  applyMask,
  CANADIAN_PROVINCES,
  PHONE_MASK,
  POSTAL_MASK,
  US_STATES,
  type CreditAnswerScreen,
  type Language,
} from "@showroom/domain";
import { useState, type ReactNode } from "react";
import { CheckboxControl, InputControl, RadioGroupControl, SelectControl, SinControl } from "./controls.tsx";
import type { CreditStaticData } from "./credit-api.ts";
import { fieldId, visibleFields, type FieldSpec, type FieldValue, type ScreenAnswers } from "./field-specs.ts";
import type { ScreenErrors } from "./form-model.ts";
import type { CreditMessageKey, CreditTranslate } from "./i18n.ts";

const SIN_MASK = "### ### ###";

/** A field's label: its own words, with the variants of the US (state), Quebec (housing costs) and the co-applicant. */
export function fieldLabel(
  t: CreditTranslate,
  screen: CreditAnswerScreen,
  field: string,
  data: CreditStaticData,
  answers: ScreenAnswers,
): string {
  if (field === "province" && data.country === "US") return t("credit.field.province.us");
  if (field === "monthly_payment" && (answers.province || data.province) === "QC")
    return t("credit.field.monthly_payment.qc");
  if (field === "joint_intent" && screen === "co_applicant_acknowledgement") return t("credit.field.joint_intent.co");
  if (field in CONSENT_TITLES) return t(CONSENT_TITLES[field]!);
  return t(`credit.field.${field}` as CreditMessageKey);
}

const CONSENT_TITLES: Record<string, CreditMessageKey> = {
  credit_assessment: "credit.consent.credit_assessment.title",
  contract_management: "credit.consent.contract_management.title",
  marketing: "credit.consent.marketing.title",
  electronic_communication: "credit.consent.electronic_communication.title",
};

/** The labelled choices of a list (provinces and states by name, in the shopper's language). */
export function choiceOptions(t: CreditTranslate, spec: FieldSpec, data: CreditStaticData, language: Language) {
  const codes = spec.list ? data[spec.list] : [];
  if (spec.list === "provinces") {
    const name = (code: string) =>
      data.country === "US"
        ? (US_STATES.find(([c]) => c === code)?.[1] ?? code)
        : (CANADIAN_PROVINCES.find((p) => p.code === code)?.[language] ?? code);
    return codes.map((code) => ({ value: code, label: name(code) }));
  }
  return codes.map((code) => {
    const key = `credit.option.${spec.list}.${code}`;
    return { value: code, label: t(key as CreditMessageKey) === key ? code : t(key as CreditMessageKey) };
  });
}

export type ScreenFieldsProps = {
  t: CreditTranslate;
  language: Language;
  screen: CreditAnswerScreen;
  data: CreditStaticData;
  answers: ScreenAnswers;
  errors: ScreenErrors;
  onChange(field: string, value: FieldValue): void;
  /** A postal code left: the page checks it against the province. */
  onPostalCodeBlur?(): void;
  sinOnFile: string | null;
  onRemoveSin(): void;
  removingSin: boolean;
  dealer: { name: string; phone: string };
  /** The co-applicant's residence: copy the applicant's address. */
  onCopyAddress?(): void;
};

/** One screen's intro text and its fields, in order. */
export function ScreenFields(props: ScreenFieldsProps) {
  const { t, screen, data, answers } = props;
  const [replacingSin, setReplacingSin] = useState(false);
  const fields = visibleFields(screen, data, answers);
  const dealerValues = { dealer: props.dealer.name, phone: props.dealer.phone };

  const control = (spec: FieldSpec): ReactNode => {
    const id = fieldId(screen, spec.name);
    const error = props.errors[spec.name];
    const label = fieldLabel(t, screen, spec.name, data, answers);
    const optional = spec.optional ? t("credit.optional") : undefined;
    const text = typeof answers[spec.name] === "string" ? (answers[spec.name] as string) : "";
    const set = (value: FieldValue) => props.onChange(spec.name, value);
    const common = { id, label, error, optional };
    switch (spec.kind) {
      case "consent":
        return (
          <RadioGroupControl
            {...common}
            value={text || undefined}
            onChange={set}
            description={t(`credit.consent.${spec.name}.text` as CreditMessageKey, dealerValues)}
            choices={[
              { value: "yes", label: t("credit.consent.yes"), testId: `${id}-yes` },
              { value: "no", label: t("credit.consent.no"), testId: `${id}-no` },
            ]}
            className="rounded-lg border border-black/10 p-4"
          />
        );
      case "yes_no": {
        const value = answers[spec.name];
        return (
          <RadioGroupControl<boolean>
            {...common}
            value={typeof value === "boolean" ? value : undefined}
            onChange={set}
            choices={[
              { value: true, label: t("credit.yes"), testId: `${id}-yes` },
              { value: false, label: t("credit.no"), testId: `${id}-no` },
            ]}
          />
        );
      }
      case "checkbox":
        return <CheckboxControl {...common} checked={answers[spec.name] === true} onChange={set} />;
      case "select":
        return (
          <SelectControl
            {...common}
            value={text}
            onChange={set}
            options={choiceOptions(t, spec, data, props.language)}
            placeholder={t("credit.choose")}
            autoComplete={spec.autoComplete}
          />
        );
      case "sin":
        return (
          <SinControl
            {...common}
            hint={t("credit.field.sin.hint")}
            value={text}
            onChange={(value) => set(applyMask(value, SIN_MASK))}
            onFile={props.sinOnFile}
            replacing={replacingSin}
            onReplace={setReplacingSin}
            onRemove={props.onRemoveSin}
            removing={props.removingSin}
            words={{
              onFile: t("credit.sin.on_file", { sin: props.sinOnFile ?? "" }),
              replace: t("credit.sin.replace"),
              remove: t("credit.sin.remove"),
              keep: t("credit.sin.keep"),
            }}
          />
        );
      default: {
        const input = inputOf(spec, data);
        return (
          <InputControl
            {...common}
            {...input}
            hint={
              spec.name === "monthly_payment"
                ? t("credit.field.monthly_payment.hint")
                : spec.name === "signature"
                  ? t("credit.field.signature.hint")
                  : spec.name === "gross_income"
                    ? t("credit.field.money.hint")
                    : undefined
            }
            value={text}
            onChange={(value) => set(input.mask ? applyMask(value, input.mask) : value)}
            onBlur={spec.kind === "postal_code" ? props.onPostalCodeBlur : undefined}
            autoComplete={spec.autoComplete}
            maxLength={spec.maxLength ?? input.maxLength}
            max={spec.kind === "date" ? data.today : undefined}
          />
        );
      }
    }
  };

  return (
    <div className="grid gap-4 tablet-up:grid-cols-2">
      <ScreenIntro {...props} />
      {fields.map((spec) => (
        <div key={spec.name} className={spec.wide ? "grid tablet-up:col-span-2" : "grid"}>
          {control(spec)}
        </div>
      ))}
    </div>
  );
}

type InputShape = {
  type?: "text" | "email" | "tel" | "date";
  inputMode?: "numeric" | "tel" | "email" | "text";
  mask?: string;
  maxLength?: number;
  autoCapitalize?: string;
  prefix?: string;
};

function inputOf(spec: FieldSpec, data: CreditStaticData): InputShape {
  switch (spec.kind) {
    case "email":
      return { type: "email", inputMode: "email" };
    case "tel":
      return { type: "tel", inputMode: "tel", mask: PHONE_MASK[data.country] };
    case "date":
      return { type: "date" };
    case "money":
      return { inputMode: "numeric", maxLength: 9, prefix: "$" };
    case "count":
      return { inputMode: "numeric", maxLength: 2 };
    case "digits":
      return { inputMode: "numeric" };
    case "postal_code":
      return { mask: POSTAL_MASK.CA, maxLength: 7, autoCapitalize: "characters" };
    case "zip_code":
      return { inputMode: "numeric", mask: POSTAL_MASK.US, maxLength: 5 };
    default:
      return {};
  }
}

/** What a screen says before its fields: the consent's introduction, the privacy notice, the copy of an address. */
function ScreenIntro(props: ScreenFieldsProps) {
  const { t, screen, data } = props;
  const wide = "tablet-up:col-span-2";
  if (screen === "consent")
    return (
      <div className={`${wide} grid gap-3`}>
        {data.variant === "SIMPLIFIED" && <PrivacyNotice {...props} />}
        <p>{t("credit.consent.intro")}</p>
      </div>
    );
  if (screen === "co_applicant_acknowledgement") return <p className={wide}>{t("credit.co_consent.intro")}</p>;
  if (screen === "acknowledgement")
    return (
      <div className={`${wide} grid gap-3`}>
        <PrivacyNotice {...props} />
        <p className="text-sm">{t("credit.privacy.co_applicant")}</p>
      </div>
    );
  if (screen === "co_applicant_residential" && props.onCopyAddress)
    return (
      <div className={wide}>
        <button
          type="button"
          onClick={props.onCopyAddress}
          className="min-h-11 font-semibold underline"
          data-testid="credit-copy-address"
        >
          {t("credit.residential.copy")}
        </button>
      </div>
    );
  return null;
}

/** The privacy notice shown when the application starts (GLBA's notice at the start of the relationship; PIPEDA). */
function PrivacyNotice(props: ScreenFieldsProps) {
  const { t, data } = props;
  const values = { dealer: props.dealer.name, phone: props.dealer.phone, days: data.retention_days };
  return (
    <section
      aria-labelledby="credit-privacy-heading"
      className="rounded-lg border border-black/15 bg-black/[0.03] p-4 text-sm"
      data-testid="credit-privacy-notice"
    >
      <h3 id="credit-privacy-heading" className="text-base font-semibold">
        {t("credit.privacy.title")}
      </h3>
      <p className="mt-2">{t("credit.privacy.collect", values)}</p>
      {data.country === "CA" && <p className="mt-2">{t("credit.privacy.sin")}</p>}
      <p className="mt-2">
        {t(data.country === "US" ? "credit.privacy.retention_us" : "credit.privacy.retention", values)}
      </p>
      <p className="mt-2">{t("credit.privacy.access", values)}</p>
    </section>
  );
}
