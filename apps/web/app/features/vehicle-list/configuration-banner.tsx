import type { BackLink } from "@showroom/domain";
import { Link } from "react-router";
import { useI18n } from "../../i18n/index.ts";

export type ConfigurationBannerData = { vehicle: number; summary: { year: number; make: string; model: string; trim: string } };

/** The list's note of the shopper's configuration (spec 2.2): what it is, a filter to its model, and the way back to it. */
export function ConfigurationBanner(props: { configuration: ConfigurationBannerData; filterHref: string; buildHref: string }) {
  const { t } = useI18n();
  const { summary } = props.configuration;
  return (
    <section aria-label={t("search.configuration.continue")} className="mt-4 rounded-lg bg-[var(--banner-bg)] p-4" data-testid="configuration-banner">
      <p className="font-semibold">
        {t("search.configuration.banner", { vehicle: [summary.year, summary.make, summary.model, summary.trim].join(" ") })}
      </p>
      <p className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={props.filterHref} className="font-semibold underline" data-testid="configuration-filter">
          {t("search.configuration.filter", { make: summary.make, model: summary.model })}
        </Link>
        <Link to={props.buildHref} className="font-semibold underline">
          {t("search.configuration.continue")}
        </Link>
      </p>
    </section>
  );
}

/** The marketplace's back link (spec 2.1 `refurl`): an http(s) address only, named by its host. */
export function BackToMarketplace(props: { link: BackLink }) {
  const { t } = useI18n();
  return (
    <a href={props.link.href} rel="noopener" className="inline-block font-semibold underline" data-testid="refurl-back-link">
      <span aria-hidden="true">← </span>
      {t("search.back_to", { host: props.link.host })}
    </a>
  );
}
