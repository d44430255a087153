import type { SearchFacets, SearchQuery } from "@showroom/domain";
import { useI18n } from "../../i18n/index.ts";
import type { ModalComponentProps } from "../../ui/modals.tsx";
import { ModalFrame } from "../../ui/modals.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";
import { FilterPanel } from "./filter-panel.tsx";

/** Phones get the filters in a sheet; choices apply together with the button, which closes it. */
export function VehicleFiltersModal(props: ModalComponentProps<{ query: SearchQuery; facets: SearchFacets; action: string; count: number }>) {
  const { t } = useI18n();
  return (
    <ModalFrame title={t("filters.title")} closeLabel={t("common.close")} onClose={props.close}>
      <FilterPanel
        query={props.query}
        facets={props.facets}
        action={props.action}
        autoApply={false}
        footer={
          <div className="sticky bottom-0 -mx-6 mt-4 border-t border-black/10 bg-[var(--modal-bg)] px-6 py-3">
            <button type="submit" className={`${ctaButtonClass} w-full`} data-testid="apply-filters">
              {t("filters.show_results")}
            </button>
          </div>
        }
      />
    </ModalFrame>
  );
}
