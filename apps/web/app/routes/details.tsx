import {
  dollarsToCents,
  formatMoney,
  languageOf,
  orderPageSchema,
  paymentSettingsSchema,
  vdpSettingsSchema,
  vehicleDescription,
  vehicleIdParamSchema,
  vehicleSchema,
  vehicleStructuredData,
  type Order,
  type SeoTag,
  type Vehicle,
} from "@showroom/domain";
import { useEffect, useState } from "react";
import { data, Link } from "react-router";
import { CompareBarPlace, CompareTogglePlace } from "../features/compare/lazy-picker.tsx";
import { ContactDealerForm } from "../features/vehicle-details/contact-dealer-form.tsx";
import { DealershipCard } from "../features/vehicle-details/dealership-card.tsx";
import { Gallery } from "../features/vehicle-details/gallery.tsx";
import { NextSteps } from "../features/vehicle-details/next-steps.tsx";
import { NotifyMeCard } from "../features/notify-me/notify-me-card.tsx";
import { PriceBlock } from "../features/vehicle-details/price-block.tsx";
import { findSavedDeal } from "../features/saved-deals/find-saved-deal.ts";
import { Specifications } from "../features/vehicle-details/specifications.tsx";
import { VehicleBadges, vehicleTitle } from "../features/vehicle-list/vehicle-card.tsx";
import { NotFound } from "../features/shell/error-page.tsx";
import { catalogueOf, translator, useI18n } from "../i18n/index.ts";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { hasSessionCookie } from "../lib/cookies.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";
import { canonicalUrl, loadSeoContext, pageSeoTags, type SeoContext } from "../lib/seo.server.ts";
import { DealPanel } from "./deal-panel.tsx";
import { loadDealExtras } from "./deal-extras.server.ts";
import { NO_DEAL_EXTRAS } from "./deal-steps.tsx";
import { useShell } from "../lib/shell-context.tsx";
import { finish, track } from "../lib/analytics.ts";
import { cardExperience } from "../lib/card-experience.ts";
import { useModals } from "../ui/modals.tsx";
import { ctaButtonClass } from "../ui/styles.ts";
import type { Route } from "./+types/details";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = serverApi(context, dealerCodeFor(request, params, context), request.headers.get("accept-language") ?? undefined);
  const id = params.id ?? "";
  const notFound = { vehicle: null, settings: null, paymentSettings: null, savedOrder: null, extras: NO_DEAL_EXTRAS, seo: null };
  if (!vehicleIdParamSchema.safeParse({ id }).success) return data(notFound, { status: 404 });
  const source = new URL(request.url).searchParams.get("source");
  // Only a visitor with a session can have saved deals: their first page is read alongside the vehicle.
  const list = (page: number) => api.get(`/api/order/?page=${page}`, orderPageSchema);
  const firstPage = hasSessionCookie(request.headers.get("cookie")) ? list(1).catch(() => null) : null;
  const seoContext = loadSeoContext(request, params, context);
  try {
    const [vehicle, settings, paymentSettings] = await Promise.all([
      api.get(`/api/quickshop/inventory/${encodeURIComponent(id)}/${source ? `?source=${encodeURIComponent(source)}` : ""}`, vehicleSchema),
      api.get(`/api/quickshop/dealership/vdp-settings/${/^\d+$/.test(id) ? `?vehicle=${id}` : ""}`, vdpSettingsSchema),
      // Only the calculator's default payment type comes from here: without it the first type that answers opens.
      api.get("/api/quickshop/dealership/payment-settings/", paymentSettingsSchema).catch(() => null),
    ]);
    const first = await firstPage;
    // Spec 5: the vehicle is saved when one of the shopper's deals matches it (VIN, stock number, model code, year/make/model/trim).
    const savedOrder: Order | null = first
      ? await findSavedDeal((page) => (page === 1 ? Promise.resolve(first) : list(page)), vehicle).catch(() => null)
      : null;
    const seo = await seoContext;
    return { vehicle, settings, paymentSettings, savedOrder, extras: await loadDealExtras(api, savedOrder), seo: seo && detailsSeoTags(seo, vehicle) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return data(notFound, { status: 404 });
    throw error;
  }
}

/** The page's head tags for search engines: its title, description, addresses and the vehicle's schema.org Car. */
function detailsSeoTags(seo: SeoContext, vehicle: Vehicle): SeoTag[] {
  const page = { route: `details/${vehicle.id}` };
  const trim = seo.language === "fr" ? vehicle.trim_fr || vehicle.marketing_trim : vehicle.marketing_trim;
  const t = translator(catalogueOf(seo.language));
  return pageSeoTags(seo, page, {
    title: `${vehicleTitle(vehicle)} ${trim} | ${t("meta.title", { dealer: seo.dealer.name })}`.replace(/\s+/g, " "),
    description: vehicleDescription(vehicle, seo.dealer, seo.language),
    // A dealership that locks its prices behind a sign-in publishes none, whoever the page is rendered for.
    structuredData: vehicleStructuredData({ vehicle, dealer: seo.dealer, language: seo.language, url: canonicalUrl(seo, page), pricesLocked: seo.dealer.compulsory_login }),
  });
}

/** The loader's tags (rendered on the server); without them (a page not found) the shell's. */
export const meta: Route.MetaFunction = ({ data: loaded, matches }) => loaded?.seo ?? matches[matches.length - 2]?.meta ?? [];

export default function DetailsRoute({ loaderData }: Route.ComponentProps) {
  const { vehicle, settings, paymentSettings, savedOrder, extras } = loaderData;
  const { t, locale } = useI18n();
  const { dealer, api, path, signIn, prefetchSignIn, pricesLocked } = useShell();
  const modals = useModals();
  const [message, setMessage] = useState("");
  const { quietApi } = useShell();
  // Spec 4: the vehicle's page view, once per vehicle (its condition, and CPO when certified).
  useEffect(() => {
    if (vehicle) track("vehicle_view", { vehicle });
  }, [vehicle?.id]);
  if (!vehicle || !settings) {
    return <NotFound t={t} showroomHref={dealer.show_vehicle_list ? path("search") : null} websiteHref={dealer.website} />;
  }
  const title = vehicleTitle(vehicle);
  const custom = dealer.theme.vdp_back_link_text;
  const backLinkText = typeof custom === "string" ? custom : custom?.[languageOf(locale)];
  const trim = locale === "fr-ca" ? vehicle.trim_fr : vehicle.marketing_trim;
  const chooseStep = (text: string) => {
    finish(quietApi, "initial_click", { vehicle, orderId: savedOrder?.id ?? null });
    setMessage(text);
    document.getElementById("contact-heading")?.scrollIntoView({ behavior: "smooth" });
    window.setTimeout(() => document.getElementById("contact-first_name")?.focus(), 300);
  };
  return (
    // Room below the content for the phone's bar kept in view (the deal panel's).
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-24 laptop-up:pb-6">
      {dealer.show_vehicle_list && (
        <Link to={path("search")} onClick={(e) => { if (window.history.length > 1) { e.preventDefault(); window.history.back(); } }} className="font-semibold underline" data-testid="back-to-list">
          ← {backLinkText ?? t("details.back_to_list")}
        </Link>
      )}
      <div className="mt-4 grid gap-6 laptop-up:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-6">
          <div>
            <VehicleBadges vehicle={vehicle} t={t} />
            <h1 className="mt-2 text-3xl font-bold" data-testid="vehicle-title">{title}</h1>
            <p className="text-xl">{trim}</p>
            {/* Compare this vehicle with others the shopper picked (vccvdp: this one first). */}
            <div className="mt-3 flex flex-col gap-2" data-testid="details-compare">
              <CompareTogglePlace dealerCode={dealer.code} vehicleId={vehicle.id} vehicleTitle={title} />
              <CompareBarPlace dealerCode={dealer.code} placement="inline" current={vehicle.id} href={(ids) => path("vccvdp", `?vehicle=${ids[0]}&ids=${ids.slice(1).join(",")}`)} />
            </div>
            {/* On a phone the price block sits below the pictures and specifications: the price shows here too. */}
            {!pricesLocked && vehicle.dealer_price && (
              <p className="mt-2 text-2xl font-bold laptop-up:hidden" data-testid="phone-price">
                {formatMoney(dollarsToCents(vehicle.dealer_price), { locale, currency: dealer.currency_unit, wholeDollars: true })}
              </p>
            )}
          </div>
          {!vehicle.available && (
            <p role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900" data-testid="vehicle-unavailable">
              {t("details.unavailable")}
            </p>
          )}
          <Gallery images={vehicle.images} title={`${title} ${trim}`} />
          <Specifications vehicle={vehicle} unit={dealer.length_unit} locale={locale} />
        </div>
        <div className="flex flex-col gap-6">
          {/* The calculator (shown for an available vehicle with prices unlocked) makes the page's statement on taxes. */}
          <PriceBlock vehicle={vehicle} settings={settings} currency={dealer.currency_unit} locale={locale} locked={pricesLocked} taxNote={!vehicle.available} />
          {pricesLocked && (
            <button type="button" onClick={() => void signIn("unlock-pricing", { vehicle: vehicle.id })} onPointerEnter={prefetchSignIn} onFocus={prefetchSignIn} className={`${ctaButtonClass} min-h-11`} data-testid="unlock-pricing">
              {t("auth.preset.unlock-pricing.title")}
            </button>
          )}
          {!vehicle.available && (
            <NotifyMeCard vehicleId={vehicle.id} orderId={savedOrder?.id ?? null} alreadyAsked={savedOrder?.has_notify_me_submission ?? false} />
          )}
          {/* Locked prices are explained by the price block; an unavailable vehicle has no deal to price. */}
          {vehicle.available && (
            <DealPanel
              vehicle={vehicle}
              paymentSettings={paymentSettings}
              savedOrder={savedOrder}
              extras={extras}
              showCalculator={!pricesLocked}
              calculatorKey={String(vehicle.id)}
              source="vdp"
              savedMessage={(created) => t(created ? "deal.saved_toast" : "deal.already_saved_toast")}
            />
          )}
          {vehicle.available && vehicle.jato_id && (
            <Link to={path(`build-and-price/${vehicle.id}`)} className="flex min-h-11 items-center justify-center rounded-md border-2 border-[var(--cta)] px-4 py-2 font-semibold text-[var(--cta)] hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--cta)]" data-testid="build-and-price-link">
              {t("details.build_and_price")}
            </Link>
          )}
          {vehicle.available && (
            <NextSteps
              dealer={dealer}
              language={languageOf(locale)}
              onChoose={chooseStep}
              onOpen={{
                // Spec 2.5: the trade-in card opens as a modal or a slide-in, as the dealership (or this browser's draw) says.
                trade_in: () =>
                  modals.open("trade-in", {
                    t,
                    experience: cardExperience(dealer.vdp_modular_card_experience),
                    href: savedOrder ? path("tradein", `?order=${savedOrder.id}`) : path("tradein"),
                  }),
              }}
              hrefs={{
                trade_in: savedOrder ? path("tradein", `?order=${savedOrder.id}`) : path("tradein"),
                // The deal panel opens these steps from their anchors.
                appointment: "#appointment",
                test_drive: "#test-drive",
                file_upload: "#file-upload",
              }}
            />
          )}
          <DealershipCard dealer={dealer} details={vehicle.dealership_details} />
          <section aria-labelledby="contact-heading" className="rounded-xl border border-black/10 bg-white p-4">
            <h2 id="contact-heading" className="mb-3 text-lg font-semibold">{t("contact_form.heading")}</h2>
            <ContactDealerForm api={api} vehicleId={vehicle.id} orderId={savedOrder?.id ?? null} locale={locale} message={message} />
          </section>
        </div>
      </div>
    </div>
  );
}
