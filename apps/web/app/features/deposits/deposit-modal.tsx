import type { DepositWire, Vehicle } from "@showroom/domain";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { track } from "../../lib/analytics.ts";
import { useShell } from "../../lib/shell-context.tsx";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { secondaryButtonClass } from "../../ui/styles.ts";
import { DepositFlow } from "./deposit-flow.tsx";
import { todayIn } from "./deposit-format.ts";
import { createDepositsApi, type DepositDetails } from "./deposits-api.ts";
import { useDepositsI18n } from "./i18n.ts";

type Loaded = { phase: "loading" } | { phase: "failed" } | { phase: "ready"; details: DepositDetails };

/**
 * The deposit modal (spec 2 "Deposit", anchor #deposit): the deposit's terms and the deal's deposit, read when it
 * opens, then the flow. The page's deal is read again once it closes, when a deposit was placed or changed.
 */
export function DepositModal(props: { orderId: number; vehicle: Vehicle; onChanged(): void; onClose(): void }) {
  const { t, locale } = useDepositsI18n();
  const { dealer, quietApi, sessionExpired } = useShell();
  const api = useMemo(() => createDepositsApi(quietApi), [quietApi]);
  const [loaded, setLoaded] = useState<Loaded>({ phase: "loading" });
  const [busy, setBusy] = useState(false);
  const changed = useRef(false);

  const load = useCallback(() => {
    setLoaded({ phase: "loading" });
    api.details(props.orderId).then(
      (details) => setLoaded({ phase: "ready", details }),
      () => setLoaded({ phase: "failed" }),
    );
  }, [api, props.orderId]);
  useEffect(load, [load]);
  // Spec 4: the deposit's page view, once per vehicle.
  useEffect(() => {
    track("deposit_view", { vehicle: props.vehicle });
  }, [props.vehicle.id]);

  const close = () => {
    if (busy) return;
    if (changed.current) props.onChanged();
    props.onClose();
  };
  const { vehicle } = props;

  return (
    <ModalFrame title={t("deposit.title")} closeLabel={t("common.close")} onClose={close} dismissable={!busy}>
      <div data-testid="deposit-modal">
        {loaded.phase === "loading" ? (
          <p role="status" className="py-6">
            {t("deposit.loading")}
          </p>
        ) : loaded.phase === "failed" ? (
          <div className="grid gap-3">
            <p role="alert">{t("deposit.load_failed")}</p>
            <button type="button" onClick={load} className={secondaryButtonClass}>
              {t("deposit.retry")}
            </button>
          </div>
        ) : (
          <DepositFlow
            t={t}
            locale={locale}
            api={api}
            orderId={props.orderId}
            details={loaded.details}
            country={dealer.country}
            timeZone={dealer.time_zone}
            dealerName={dealer.name}
            vehicleTitle={[vehicle.year, vehicle.make, vehicle.model, vehicle.trim].filter(Boolean).join(" ")}
            today={todayIn(dealer.time_zone)}
            path={window.location.pathname}
            onChanged={(_deposit: DepositWire) => {
              changed.current = true;
            }}
            onBusy={setBusy}
            onSessionExpired={(kind) => void sessionExpired(kind)}
          />
        )}
      </div>
    </ModalFrame>
  );
}
