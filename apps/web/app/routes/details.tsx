import { dollarsToCents, formatMoney, languageOf, vehicleIdParamSchema, type PaymentSettings, type Vehicle, type VdpSettings } from "@showroom/domain";
import { useMemo, useState } from "react";
import { data, Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { ContactDealerForm } from "../features/vehicle-details/contact-dealer-form.tsx";
import { DealershipCard } from "../features/vehicle-details/dealership-card.tsx";
import { Gallery } from "../features/vehicle-details/gallery.tsx";
import { NextSteps } from "../features/vehicle-details/next-steps.tsx";
import { PaymentCalculator } from "../features/vehicle-details/payment-calculator.tsx";
import { PriceBlock } from "../features/vehicle-details/price-block.tsx";
import { createPricingApi } from "../features/vehicle-details/pricing-api.ts";
import { Specifications } from "../features/vehicle-details/specifications.tsx";
import { VehicleBadges, vehicleTitle } from "../features/vehicle-list/vehicle-card.tsx";
import { NotFound } from "../features/shell/error-page.tsx";
import { useI18n } from "../i18n/index.ts";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";
import { useShell } from "../lib/shell-context.tsx";
import { useModals } from "../ui/modals.tsx";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const api = serverApi(context, dealerCodeFor(request, params, context), request.headers.get("accept-language") ?? undefined);
  const id = params.id ?? "";
  if (!vehicleIdParamSchema.safeParse({ id }).success) return data({ vehicle: null, settings: null, paymentSettings: null }, { status: 404 });
  const source = new URL(request.url).searchParams.get("source");
  try {
    const [vehicle, settings, paymentSettings] = await Promise.all([
      api.get<Vehicle>(`/api/quickshop/inventory/${encodeURIComponent(id)}/${source ? `?source=${encodeURIComponent(source)}` : ""}`),
      api.get<VdpSettings>(`/api/quickshop/dealership/vdp-settings/${/^\d+$/.test(id) ? `?vehicle=${id}` : ""}`),
      // Only the calculator's default payment type comes from here: without it the first type that answers opens.
      api.get<PaymentSettings>("/api/quickshop/dealership/payment-settings/").catch(() => null),
    ]);
    return { vehicle, settings, paymentSettings };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return data({ vehicle: null, settings: null, paymentSettings: null }, { status: 404 });
    throw error;
  }
}

export default function DetailsRoute() {
  const { vehicle, settings, paymentSettings } = useLoaderData<typeof loader>();
  const { t, locale } = useI18n();
  const { dealer, dealerUser, api, path } = useShell();
  const modals = useModals();
  const [message, setMessage] = useState("");
  const pricingApi = useMemo(
    () => createPricingApi({ dealerCode: dealer.code, onSessionExpired: () => modals.open("session expired", { t }) }),
    [dealer.code, modals, t],
  );
  if (!vehicle || !settings) {
    return <NotFound t={t} showroomHref={dealer.show_vehicle_list ? path("search") : null} websiteHref={dealer.website} />;
  }
  const title = vehicleTitle(vehicle);
  const pricesLocked = dealer.compulsory_login && !dealerUser;
  const custom = dealer.theme.vdp_back_link_text;
  const backLinkText = typeof custom === "string" ? custom : custom?.[languageOf(locale)];
  const trim = locale === "fr-ca" ? vehicle.trim_fr : vehicle.marketing_trim;
  const chooseStep = (text: string) => {
    setMessage(text);
    document.getElementById("contact-heading")?.scrollIntoView({ behavior: "smooth" });
    window.setTimeout(() => document.getElementById("contact-first_name")?.focus(), 300);
  };
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
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
          <PriceBlock vehicle={vehicle} settings={settings} currency={dealer.currency_unit} locale={locale} locked={pricesLocked} />
          {/* Locked prices are explained by the price block; an unavailable vehicle has no deal to price. */}
          {!pricesLocked && vehicle.available && (
          <PaymentCalculator
            key={vehicle.id}
            api={pricingApi}
            vehicleId={vehicle.id}
            isNew={vehicle.is_new}
            locked={pricesLocked}
            defaults={paymentSettings?.default_payment_type ?? dealer.financing_default_payment_type}
            currency={dealer.currency_unit}
            lengthUnit={paymentSettings?.length_unit ?? dealer.length_unit}
          />
          )}
          {vehicle.available && <NextSteps dealer={dealer} language={languageOf(locale)} onChoose={chooseStep} />}
          <DealershipCard dealer={dealer} details={vehicle.dealership_details} />
          <section aria-labelledby="contact-heading" className="rounded-xl border border-black/10 bg-white p-4">
            <h2 id="contact-heading" className="mb-3 text-lg font-semibold">{t("contact_form.heading")}</h2>
            <ContactDealerForm api={api} vehicleId={vehicle.id} locale={locale} message={message} />
          </section>
        </div>
      </div>
    </div>
  );
}
