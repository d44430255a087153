import {
  dollarsToCents,
  formatMoney,
  homeDealershipSchema,
  languageOf,
  storefrontUrl,
  vehicleDescription,
  vehicleListingsRows,
  vehicleListingsSchema,
  vehicleListingsTsv,
  type DealerInfo,
  type VehicleListingsVehicle,
} from "@showroom/domain";
import { loadCatalogue, translator, type Translate } from "../i18n/index.ts";
import { adDisclosureText } from "../lib/ad-disclosures.ts";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";
import type { Route } from "./+types/vehicle-listings";

/**
 * The vehicle's description in the feed: what it is, and the payment its dealership leads with for its condition
 * (as its card shows it) with the terms its jurisdiction requires beside it.
 */
function feedDescription(vehicle: VehicleListingsVehicle, dealer: DealerInfo, t: Translate): string {
  const locale = dealer.allowed_languages[0]!;
  const about = vehicleDescription(vehicle, dealer, languageOf(locale));
  const type = dealer.financing_default_payment_type[vehicle.is_new ? "new" : "used"];
  const periodic = type === "lease" ? vehicle.lease_payment : type === "finance" ? vehicle.finance_payment : null;
  if (!periodic?.amount) return about;
  const payment = t(type === "lease" ? "search.lease_payment" : "search.finance_payment", {
    amount: formatMoney(dollarsToCents(periodic.amount), { locale, currency: dealer.currency_unit }),
    frequency: t(`pricing.frequency_adverb.${periodic.payment_frequency}`),
  });
  const terms = adDisclosureText(t, { type, terms: vehicle.advertised_terms, locale, currency: dealer.currency_unit, lengthUnit: dealer.length_unit });
  return `${about} ${payment}${terms ? ` (${terms})` : ""}.`;
}

/**
 * A dealership's Google vehicle-listings feed ([/{dealer code}]/vehicle-listings.tsv): its vehicles for sale (listed,
 * not reserved), each at the price it may advertise (the pricing engine's all-in price for a new vehicle, and for any
 * vehicle in Ontario and Quebec), in its first language. A dealership whose prices are locked behind a sign-in, or
 * without a vehicle list, has an empty feed (its header only).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = serverApi(context, dealerCodeFor(request, params, context));
  try {
    const [dealer, listings] = await Promise.all([
      api.get("/api/quickshop/dealership/home-dealership/", homeDealershipSchema),
      api.get("/api/quickshop/inventory/vehicle-listings/", vehicleListingsSchema),
    ]);
    const language = languageOf(dealer.allowed_languages[0]!);
    const t = translator(await loadCatalogue(language));
    const origin = context.publicOrigin;
    const rows = dealer.show_vehicle_list
      ? vehicleListingsRows({
          dealer,
          vehicles: listings.results,
          link: (vehicle) => storefrontUrl(origin, dealer, language, { route: `details/${vehicle.id}` }),
          image: (vehicle) => (vehicle.main_image ? new URL(vehicle.main_image, `${origin}/`).href : null),
          description: (vehicle) => feedDescription(vehicle, dealer, t),
        })
      : [];
    return new Response(vehicleListingsTsv(rows), {
      headers: { "content-type": "text/tab-separated-values; charset=utf-8", "cache-control": "public, max-age=3600" },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
