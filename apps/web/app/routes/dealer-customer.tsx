import { formatDate, type DealSummary } from "@showroom/domain";
import { useState } from "react";
import {
  Link,
  useLoaderData,
  useLocation,
  useRevalidator,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { DealSummaries, StaffSignInPrompt, useSignInOnArrival } from "../features/staff/workspace.tsx";
import { refusal } from "../features/staff/staff-flows.ts";
import { StaffTradeIns } from "../features/trade-in/staff-trade-ins.tsx";
import { StaffCreditApplications } from "../features/credit-application/staff-credit-applications.tsx";
import { dealAppointment, StaffDealAppointment } from "../features/appointments/staff-appointment.tsx";
import { StaffDealDocuments } from "../features/documents/staff-documents.tsx";
import { dealDeposit, StaffDealDeposit } from "../features/deposits/staff-deposits.tsx";
import { StaffDealQuote } from "../features/quote-builder/staff-deal-quote.tsx";
import { useI18n } from "../i18n/index.ts";
import { useShell } from "../lib/shell-context.tsx";
import { shellMeta } from "../lib/shell-meta.ts";
import { ctaButtonClass } from "../ui/styles.ts";
import { useToasts } from "../ui/toasts.tsx";
import { loadWorkspaceCustomer } from "./dealer-customers.server.ts";

export const loader = (args: LoaderFunctionArgs) => loadWorkspaceCustomer(args);

export const meta: MetaFunction = ({ matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  const { t } = shell;
  return [{ title: t("workspace.title", { dealer: shell.dealer.name }) }, { name: "robots", content: "noindex" }];
};

/** One customer of the workspace: their deals, and opening one (or their saved vehicles) as the customer. */
export default function DealerCustomerRoute() {
  const { customer, state, tradeIns, questions, appointments, documents, deposits, creditApplications, creditData } =
    useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const { t, locale } = useI18n();
  const { path, staff, dealer } = useShell();
  const depositsOn = dealer.module_settings.enabled_modules.includes("deposit");
  const toasts = useToasts();
  const location = useLocation();
  const [busy, setBusy] = useState<number | null>(null);
  useSignInOnArrival(state === "signed-out", staff.signIn);
  const backHref = path("dealer/customers", location.search);

  /** Acts for the customer, then continues on the deal's build, or its vehicle page (or their saved vehicles). */
  async function open(deal: DealSummary | null) {
    if (!customer || busy !== null) return;
    setBusy(deal?.id ?? 0);
    try {
      const acted = await staff.act(customer.id);
      // A full load: the shell reads who is signed in again (the top bar "Logged in as").
      window.location.assign(
        deal ? path(deal.has_build ? `build-and-price/${deal.vehicle.id}/summary` : `details/${deal.vehicle.id}`) : acted.redirect_to,
      );
    } catch (error) {
      setBusy(null);
      toasts.show({ tone: "error", message: refusal(error).general ?? t("error.generic") });
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6" data-testid="workspace-customer-page">
      <Link
        to={backHref}
        className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2 hover:no-underline"
        data-testid="workspace-back"
      >
        {t("workspace.back")}
      </Link>
      {state === "signed-out" ? (
        <StaffSignInPrompt t={t} onSignIn={() => void staff.signIn()} onPrefetch={staff.prefetchSignIn} />
      ) : !customer ? (
        <p className="mt-4" data-testid="workspace-customer-missing">
          {t("workspace.customer_missing")}
        </p>
      ) : (
        <>
          <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
            <div>
              <h1 className="text-2xl font-bold" data-testid="workspace-customer-name">
                {customer.full_name || customer.email}
              </h1>
              <p className="break-all">{customer.email}</p>
              {customer.phone && <p>{customer.phone}</p>}
              <p className="mt-1 text-sm opacity-80">
                {t("workspace.assigned_to", { name: customer.dealer_user?.full_name ?? t("workspace.unassigned") })} ·{" "}
                {t("workspace.last_activity_on", { date: formatDate(customer.last_activity, locale) })}
              </p>
            </div>
            {customer.can_act && (
              <button
                type="button"
                disabled={busy !== null}
                onClick={() => void open(null)}
                className={`${ctaButtonClass} min-h-11`}
                data-testid="workspace-open-customer"
              >
                {busy === 0 ? t("workspace.opening") : t("workspace.open_saved_vehicles")}
              </button>
            )}
          </div>
          <h2 className="mt-6 mb-3 text-xl font-semibold">
            {t("workspace.deals_heading", { count: customer.deals.length })}
          </h2>
          <DealSummaries
            t={t}
            locale={locale}
            deals={customer.deals}
            canAct={customer.can_act}
            busy={busy}
            onOpen={(deal) => void open(deal)}
            details={(deal) => (
              <>
                <StaffDealAppointment
                  key={`${deal.id}-${deal.last_updated}`}
                  appointment={appointments ? dealAppointment(appointments, deal.id) : null}
                  failed={appointments === null}
                />
                <StaffDealDocuments documents={documents[deal.id] ?? null} />
                {(depositsOn || (deposits && dealDeposit(deposits, deal.id))) && (
                  <StaffDealDeposit
                    key={`${deal.id}-${deal.last_updated}`}
                    deposit={deposits ? dealDeposit(deposits, deal.id) : null}
                    failed={deposits === null}
                  />
                )}
                <StaffDealQuote deal={deal} />
              </>
            )}
          />
          {(dealer.module_settings.enabled_modules.includes("credit_app") || (creditApplications?.length ?? 0) > 0) && (
            <>
              <h2 className="mt-8 mb-3 text-xl font-semibold" data-testid="workspace-credit-heading">
                {t("workspace.credit_heading")}
              </h2>
              <StaffCreditApplications applications={creditApplications} data={creditData} />
            </>
          )}
          <h2 className="mt-8 mb-3 text-xl font-semibold" data-testid="workspace-trade-ins-heading">
            {t("workspace.trade_ins_heading", {
              count: tradeIns?.filter((trade) => trade.status !== "initial").length ?? 0,
            })}
          </h2>
          <StaffTradeIns
            key={customer.id}
            tradeIns={tradeIns}
            questions={questions}
            onChanged={() => void revalidator.revalidate()}
          />
        </>
      )}
    </div>
  );
}
