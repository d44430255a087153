import { languageOf, type CreditApplicationWire, type Order } from "@showroom/domain";
import { useEffect, useMemo, type ReactNode } from "react";
import { Link } from "react-router";
import { track } from "../../lib/analytics.ts";
import { useShell } from "../../lib/shell-context.tsx";
import { SignInPrompt } from "../../ui/sign-in-prompt.tsx";
import { ApplicationView } from "./application-view.tsx";
import { createCreditApi, type CreditStaticData } from "./credit-api.ts";
import { useCreditI18n } from "./i18n.ts";

/** What the page's loader read: why there is no application to show, or the application and what it needs. */
export type CreditPageData =
  | { problem: "anonymous" | "missing" | "unavailable"; order: Order | null; orderId: number | null }
  | { problem: null; order: Order | null; orderId: number; data: CreditStaticData; application: CreditApplicationWire };

/**
 * The credit application page (?order= a saved deal): a shopper not identified is asked to sign in, a deal that is
 * not theirs (or gone) is said to be missing, a failed read says so; otherwise the application itself.
 */
export function CreditApplicationPage(props: CreditPageData) {
  const { t, locale } = useCreditI18n();
  const language = languageOf(locale);
  const { dealer, quietApi, path } = useShell();
  const api = useMemo(() => createCreditApi(quietApi), [quietApi]);
  const order = props.order;
  const dealHref = order ? path(`details/${order.vehicle.id}`) : null;
  const dealTitle = order
    ? (language === "fr" ? order.display.title_fr : order.display.title) || order.display.title
    : null;
  const enabled = dealer.module_settings.enabled_modules.includes("credit_app");
  // Spec 4: the credit application's page view, once per vehicle (when the application is shown).
  const shown = enabled && props.problem === null;
  useEffect(() => {
    if (shown) track("credit_app_view", { vehicle: order ? { id: order.vehicle.id } : null, paymentType: order?.payment_type ?? null });
  }, [shown, order?.vehicle.id]);

  let body: ReactNode;
  if (!enabled) body = <Notice testId="credit-disabled">{t("credit.disabled", { phone: dealer.phone })}</Notice>;
  else if (props.problem === null)
    body = (
      <ApplicationView
        key={props.application.id}
        t={t}
        locale={locale}
        language={language}
        api={api}
        orderId={props.orderId}
        vehicleId={order?.vehicle.id ?? null}
        data={props.data}
        application={props.application}
        dealHref={dealHref}
      />
    );
  else if (props.problem === "anonymous")
    body = (
      <SignInPrompt id="credit-locked" testId="credit" title={t("credit.locked.title")} body={t("credit.locked.body")} action={t("credit.locked.sign_in")} />
    );
  else if (props.problem === "missing")
    body = (
      <Notice testId="credit-missing">
        <span className="block font-semibold">{t("credit.missing.title")}</span>
        <span className="mt-1 block">{t("credit.missing.body")}</span>
        <Link
          to={path("orders")}
          className="mt-2 inline-flex min-h-11 items-center font-semibold underline underline-offset-2"
        >
          {t("credit.missing.link")}
        </Link>
      </Notice>
    );
  else
    body = (
      <p
        role="alert"
        className="rounded-md border-2 border-red-700 bg-red-50 p-4 font-medium text-red-900"
        data-testid="credit-unavailable"
      >
        {t("credit.unavailable")}
      </p>
    );

  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 gap-4 px-4 py-6" data-testid="credit-page">
      <header>
        <h1 className="text-2xl font-bold tablet-up:text-3xl">{t("credit.heading")}</h1>
        {dealTitle && dealHref ? (
          <p className="mt-1" data-testid="credit-deal">
            {t("credit.for_deal")}{" "}
            <Link to={dealHref} className="font-semibold underline underline-offset-2">
              {dealTitle}
            </Link>
          </p>
        ) : (
          <p className="mt-1 opacity-80">{t("credit.intro")}</p>
        )}
      </header>
      {body}
    </div>
  );
}

function Notice(props: { testId: string; children: ReactNode }) {
  return (
    <p className="rounded-xl border border-black/10 bg-white p-6" data-testid={props.testId}>
      {props.children}
    </p>
  );
}
