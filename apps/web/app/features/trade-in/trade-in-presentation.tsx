import type { CardExperience } from "@showroom/domain";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Translate } from "../../i18n/index.ts";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { SideSheet } from "../../ui/side-sheet.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";

/**
 * The vehicle-details page's trade-in card opened (the "trade-in" modal of spec 2.4): what valuing a trade takes and the
 * way into the dealership's valuation flow, towards the saved deal when there is one. It opens as a centred modal or
 * as a slide-in sheet, as the dealership's vdp_modular_card_experience says (or this browser's 50/50 draw).
 */
export function TradeInPresentation(props: { experience: CardExperience; href: string; t: Translate; close(): void }) {
  const { t } = props;
  const body: ReactNode = (
    <div data-testid="trade-in-presentation" data-presentation={props.experience}>
      <p>{t("trade_in_card.intro")}</p>
      <h3 className="mt-4 font-semibold">{t("trade_in_presentation.steps_heading")}</h3>
      <ul className="mt-2 list-disc pl-6 text-sm">
        <li>{t("trade_in_presentation.step.vehicle")}</li>
        <li>{t("trade_in_presentation.step.odometer")}</li>
        <li>{t("trade_in_presentation.step.payoff")}</li>
      </ul>
      <Link to={props.href} className={`${ctaButtonClass} mt-6 flex w-full justify-center`} data-testid="trade-in-presentation-start">
        {t("trade_in_presentation.start")}
      </Link>
    </div>
  );
  return props.experience === "slide-in" ? (
    <SideSheet title={t("trade_in_card.value")} closeLabel={t("common.close")} onClose={props.close} testId="trade-in-slide-in">
      {body}
    </SideSheet>
  ) : (
    <ModalFrame title={t("trade_in_card.value")} closeLabel={t("common.close")} onClose={props.close}>
      {body}
    </ModalFrame>
  );
}
