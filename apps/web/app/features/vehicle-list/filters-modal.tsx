import type { PaymentFrequency, SearchFacets, SearchQuery } from "@showroom/domain";
import { useI18n } from "../../i18n/index.ts";
import type { ModalComponentProps } from "../../ui/modals.tsx";
import { ModalFrame } from "../../ui/modal-frame.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import { FilterPanel } from "./filter-panel.tsx";

/** Phones get the filters in a sheet; choices apply together with the button, which closes it. */
export function VehicleFiltersModal(props: ModalComponentProps<{ query: SearchQuery; facets: SearchFacets; action: string; count: number; pricesLocked: boolean; budgetFrequency: PaymentFrequency }>) {
  const { t } = useI18n();
  return (
    <ModalFrame
      title={t("filters.title")}
      closeLabel={t("common.close")}
      onClose={props.close}
      footer={
        <button type="submit" form="vehicle-filters-form" className={`${ctaButtonClass} w-full`} data-testid="apply-filters">
          {t("filters.show_results")}
        </button>
      }
    >
      <FilterPanel id="vehicle-filters-form" query={props.query} facets={props.facets} action={props.action} autoApply={false} pricesLocked={props.pricesLocked} budgetFrequency={props.budgetFrequency} footer={null} />
    </ModalFrame>
  );
}
