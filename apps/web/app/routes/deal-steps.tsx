import type { AppointmentWire, OrderDocuments, Vehicle } from "@showroom/domain";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { AppointmentCard } from "../features/appointments/appointment-card.tsx";
import { CreditCard } from "../features/credit-application/credit-card.tsx";
import { DepositCard } from "../features/deposits/deposit-card.tsx";
import { DocumentsCard } from "../features/documents/documents-card.tsx";
import type { SaveDealState } from "../features/saved-deals/save-deal-button.tsx";
import { useShell } from "../lib/shell-context.tsx";

// The editors (react-aria's calendar, the validation library, their messages) load when one opens, or ahead when
// a pointer or the focus reaches a button opening one: the deal's pages stay within their JavaScript budget.
const loadAppointmentModal = () => import("../features/appointments/appointment-modal.tsx");
const loadDocumentsModal = () => import("../features/documents/documents-modal.tsx");
const loadDepositModal = () => import("../features/deposits/deposit-modal.tsx");
const AppointmentModal = lazy(() => loadAppointmentModal().then((m) => ({ default: m.AppointmentModal })));
const DocumentsModal = lazy(() => loadDocumentsModal().then((m) => ({ default: m.DocumentsModal })));
const DepositModal = lazy(() => loadDepositModal().then((m) => ({ default: m.DepositModal })));
// The personalized quote card (its messages with it) loads after the page, where the dealership offers quotes.
const QuoteRequestCard = lazy(() => import("../features/quotes/quote-request-card.tsx").then((m) => ({ default: m.QuoteRequestCard })));
const prefetch = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);
// The insurance estimate's card and modal (their messages with them) load after the page, where the dealership offers it.
const loadInsuranceModal = () => import("../features/insurance/insurance-quote-modal.tsx");
const InsuranceCard = lazy(() => import("../features/insurance/insurance-card.tsx").then((m) => ({ default: m.InsuranceCard })));
const InsuranceQuoteModal = lazy(() => loadInsuranceModal().then((m) => ({ default: m.InsuranceQuoteModal })));

/** What the deal panel shows of a saved deal besides the order: its appointment (where it is) and its documents. */
export type DealExtras = { appointment: AppointmentWire | null; documents: OrderDocuments | null };
export const NO_DEAL_EXTRAS: DealExtras = { appointment: null, documents: null };

/** The deal's steps opened by the address's anchor (spec 2.4: #appointment, #test-drive, #file-upload; #deposit). */
export type DealStep = "appointment" | "test-drive" | "file-upload" | "deposit" | "insurance-quote";
const STEP_OF_HASH: Record<string, DealStep> = {
  "#appointment": "appointment",
  "#test-drive": "test-drive",
  "#file-upload": "file-upload",
  "#deposit": "deposit",
  "#insurance-quote": "insurance-quote",
};

/**
 * The deal panel's appointment and documents cards and the modals they open. A step opens from its anchor, so the
 * next steps' links and a link from an email open it too. An appointment and documents belong to a saved deal: a
 * shopper not signed in identifies first (the "book appointment" or "unlock file upload" preset) and the deal is
 * saved, then the editor opens. A test drive needs no deal: without one it is booked with a name and a phone.
 */
export function DealSteps(props: { vehicle: Vehicle; deal: SaveDealState; extras: DealExtras }) {
  const { dealer, refresh, path } = useShell();
  const location = useLocation();
  const navigate = useNavigate();
  const modules = dealer.module_settings.enabled_modules;
  const visits = modules.includes("appointment");
  const testDrives = modules.includes("test_drive");
  const uploads = modules.includes("file_upload");
  const deposits = modules.includes("deposit");
  const insurance = modules.includes("insurance_quote");
  const order = props.deal.order;
  const wanted = STEP_OF_HASH[location.hash] ?? null;

  const enabled = (step: DealStep) =>
    step === "file-upload" ? uploads : step === "deposit" ? deposits : step === "insurance-quote" ? insurance : step === "appointment" ? visits : testDrives || visits;
  // A test drive without a deal is booked on its own when the dealership takes test drive bookings.
  const needsDeal = (step: DealStep) => step !== "test-drive" || !testDrives;

  const setHash = (hash: string) =>
    void navigate(
      { pathname: location.pathname, search: location.search, hash },
      { replace: true, preventScrollReset: true },
    );
  const setHashRef = useRef(setHash);
  setHashRef.current = setHash;

  const gating = useRef(false);
  const { save } = props.deal;
  const saveRef = useRef(save);
  saveRef.current = save;
  async function saveFor(step: DealStep) {
    if (gating.current) return;
    gating.current = true;
    const saved = await saveRef.current(step === "file-upload" ? "unlock-file-upload" : "book-appointment");
    gating.current = false;
    if (!saved) setHashRef.current("");
  }
  useEffect(() => {
    if (!wanted) return;
    if (!enabled(wanted)) return setHashRef.current("");
    if (!order && needsDeal(wanted)) void saveFor(wanted);
    // Run again only when the step asked for changes, or a deal appears.
  }, [wanted, order === null]);

  const showing = wanted && enabled(wanted) && (order || !needsDeal(wanted)) ? wanted : null;
  const close = () => setHash("");
  // A saved finance or lease deal applies for credit on its own page.
  const financed =
    order && modules.includes("credit_app") && (order.payment_type === "finance" || order.payment_type === "lease");
  return (
    <>
      {financed && <CreditCard order={order} href={path("credit-application", `?order=${order.id}`)} />}
      <AppointmentCard
        order={order}
        appointment={props.extras.appointment}
        visits={visits}
        testDrives={testDrives}
        onOpen={(mode) => setHash(`#${mode}`)}
        onIntent={prefetch(loadAppointmentModal)}
      />
      {deposits && order && (
        <DepositCard order={order} onOpen={() => setHash("#deposit")} onIntent={prefetch(loadDepositModal)} />
      )}
      {uploads && (
        <DocumentsCard
          documents={order ? props.extras.documents : null}
          onOpen={() => setHash("#file-upload")}
          onIntent={prefetch(loadDocumentsModal)}
        />
      )}
      <Suspense fallback={null}>
        {modules.includes("personalized_quote") && <QuoteRequestCard order={order} saveDeal={props.deal.save} />}
        {insurance && (
          <InsuranceCard order={order} onOpen={() => setHash("#insurance-quote")} onIntent={prefetch(loadInsuranceModal)} />
        )}
        {showing === "insurance-quote" && order && (
          <InsuranceQuoteModal orderId={order.id} postalCode={order.postal_code} onChanged={refresh} onClose={close} />
        )}
        {(showing === "appointment" || showing === "test-drive") && (
          <AppointmentModal
            mode={showing}
            orderId={order?.id ?? null}
            appointment={props.extras.appointment}
            hasAppointment={Boolean(order?.proposed_appointment)}
            vehicle={props.vehicle}
            canChooseTime={visits}
            onChooseTime={() => void saveFor("appointment")}
            onChanged={refresh}
            onClose={close}
          />
        )}
        {showing === "file-upload" && order && (
          <DocumentsModal orderId={order.id} onChanged={refresh} onClose={close} />
        )}
        {showing === "deposit" && order && (
          <DepositModal orderId={order.id} vehicle={props.vehicle} onChanged={refresh} onClose={close} />
        )}
      </Suspense>
    </>
  );
}
