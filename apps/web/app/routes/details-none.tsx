import { Link } from "react-router";
import { missingVehicleTranslator } from "../features/missing-vehicle/messages.ts";
import { useI18n } from "../i18n/index.ts";
import { useShell } from "../lib/shell-context.tsx";
import { shellMeta } from "../lib/shell-meta.ts";
import { CarIcon } from "../ui/icons.tsx";
import { ctaButtonClass } from "../ui/styles.ts";
import type { Route } from "./+types/details-none";

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  return [{ title: missingVehicleTranslator(shell.locale)("page_title", { dealer: shell.dealer.name }) }, { name: "robots", content: "noindex" }];
};

/**
 * details/ without a vehicle id (spec 2.1 "details"): a page of its own (status 200) saying no vehicle was chosen,
 * leading to the vehicle list (or, for a dealership without one, to its website).
 */
export default function DetailsWithoutVehicleRoute() {
  const { locale } = useI18n();
  const { dealer, path } = useShell();
  const t = missingVehicleTranslator(locale);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center" aria-labelledby="no-vehicle-title" data-testid="details-without-vehicle">
      <CarIcon className="h-16 w-24 text-[var(--accent)]" />
      <h1 id="no-vehicle-title" className="mt-6 text-2xl font-bold">{t("title")}</h1>
      <p className="mt-3">{t(dealer.show_vehicle_list ? "text" : "text_no_list")}</p>
      {dealer.show_vehicle_list ? (
        <Link to={path("search")} className={`mt-8 inline-block ${ctaButtonClass}`} data-testid="to-vehicle-list">{t("to_list")}</Link>
      ) : (
        <a href={dealer.website ?? "/"} className={`mt-8 inline-block ${ctaButtonClass}`}>{t("to_website")}</a>
      )}
    </section>
  );
}
