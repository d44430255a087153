import {
  accessoryFiltersSchema,
  buildAndPriceDescription,
  buildImagesSchema,
  can,
  effectiveStaffRole,
  planFiltersSchema,
  orderPageSchema,
  paymentSettingsSchema,
  trimConfigurationSchema,
  trimResponseSchema,
  vehicleIdParamSchema,
  vehicleSchema,
  type BuildStep,
  type Order,
  type Vehicle,
} from "@showroom/domain";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { data, useNavigate } from "react-router";
import { createAddOnsApi } from "../features/add-ons/add-ons-api.ts";
import { BuildAndPrice, type TrimChoice } from "../features/build-and-price/build-and-price.tsx";
import { createBuildApi } from "../features/build-and-price/build-api.ts";
import { BuildSummary } from "../features/build-and-price/build-summary.tsx";
import { findSavedDeal } from "../features/saved-deals/find-saved-deal.ts";
import { NotFound } from "../features/shell/error-page.tsx";
import { vehicleTitle } from "../features/vehicle-list/vehicle-card.tsx";
import { buildTranslator, useBuildI18n } from "../features/build-and-price/i18n.ts";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { hasSessionCookie } from "../lib/cookies.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";
import { loadSeoContext, pageSeoTags } from "../lib/seo.server.ts";
import { loadDealExtras } from "./deal-extras.server.ts";
import { NO_DEAL_EXTRAS } from "./deal-steps.tsx";
import { useShell } from "../lib/shell-context.tsx";
import { shellMeta } from "../lib/shell-meta.ts";
import type { Route } from "./+types/build-and-price";

// The add-on steps come late in the build: their code (and the dialogs' react-aria) loads when one is shown.
// The deal panel shows on the summary, the last step: it loads once the page is interactive, not before.
const loadDealPanel = () => import("./deal-panel.tsx");
const DealPanel = lazy(() => loadDealPanel().then((m) => ({ default: m.DealPanel })));
const AddOnStep = lazy(() => import("../features/add-ons/add-on-step.tsx").then((m) => ({ default: m.AddOnStep })));

/** The address is build-and-price/{vehicle id}/{step}: the vehicle first, then the step the shopper is on. */
function splat(params: Route.LoaderArgs["params"]) {
  const [id = "", step] = (params["*"] ?? "").split("/").filter(Boolean);
  return { id, step };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = serverApi(
    context,
    dealerCodeFor(request, params, context),
    request.headers.get("accept-language") ?? undefined,
  );
  const { id } = splat(params);
  const noAddOns = { accessories: 0, protection_plans: 0 };
  const none = {
    vehicle: null,
    trim: null,
    trimConfiguration: null,
    configurationError: null,
    paymentSettings: null,
    savedOrder: null,
    extras: NO_DEAL_EXTRAS,
    images: [],
    addOnCounts: noAddOns,
    seo: null,
  };
  if (!vehicleIdParamSchema.safeParse({ id }).success || !/^\d+$/.test(id)) return data(none, { status: 404 });
  const seoContext = loadSeoContext(request, params, context);
  let vehicle: Vehicle;
  try {
    vehicle = await api.get(`/api/quickshop/inventory/${id}/`, vehicleSchema);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return data(none, { status: 404 });
    throw error;
  }
  // Spec 4: without a jato id the vehicle cannot be built; the page says so instead of starting.
  if (!vehicle.jato_id) return { ...none, vehicle };
  const list = (page: number) => api.get(`/api/order/?page=${page}`, orderPageSchema);
  const signedIn = hasSessionCookie(request.headers.get("cookie"));
  const configurationQuery = new URLSearchParams({
    year: String(vehicle.year),
    make: vehicle.make,
    model: vehicle.model,
    trim: vehicle.trim,
  });
  const total = (answer: { category: { count: number }[] }) => answer.category.reduce((sum, c) => sum + c.count, 0);
  const [trim, configurationStep, paymentSettings, saved, images, accessoryCount, planCount, seo] = await Promise.all([
    api
      .get(`/api/build-and-price/trims/${encodeURIComponent(vehicle.jato_id)}/`, trimResponseSchema)
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    // The trim step comes from the alternative configurator; without it the build goes on from the vehicle's own trim.
    api.get(`/api/build-and-price/trim-configuration/?${configurationQuery}`, trimConfigurationSchema).then(
      (configuration) => ({ configuration, error: null }),
      (error: unknown) => ({
        configuration: null,
        error:
          error instanceof ApiError && error.status === 404
            ? ("build.error.no_matching_trim" as const)
            : ("build.error.cannot_fetch_steps" as const),
      }),
    ),
    api.get("/api/quickshop/dealership/payment-settings/", paymentSettingsSchema).catch(() => null),
    // The saved deal with its appointment and documents (the deal panel's cards).
    (signedIn ? findSavedDeal(list, vehicle).catch(() => null) : Promise.resolve<Order | null>(null)).then(
      async (order) => ({ order, extras: await loadDealExtras(api, order) }),
    ),
    // The trim's pictures in its default colour (a new build's): the picture is in the first HTML, not after the build starts.
    api.get(`/api/build-and-price/build-images/?vehicle_id=${vehicle.id}`, buildImagesSchema).then(
      (answer) => answer.results,
      () => [],
    ),
    // Steps 201 and 301 are shown when the dealership has accessories or plans for this vehicle; a failed count drops them.
    api.get(`/api/accessories/filters/?vehicle=${vehicle.id}`, accessoryFiltersSchema).then(total, () => 0),
    api.get(`/api/protection-plans/filters/?vehicle=${vehicle.id}`, planFiltersSchema).then(total, () => 0),
    seoContext,
  ]);
  const addOnCounts = { accessories: accessoryCount, protection_plans: planCount };
  return {
    vehicle,
    trim,
    trimConfiguration: configurationStep.configuration,
    configurationError: configurationStep.error,
    paymentSettings,
    savedOrder: saved.order,
    extras: saved.extras,
    images,
    addOnCounts,
    // Every step of a build is one page to search engines: its canonical address is the build's first.
    seo: seo && pageSeoTags(seo, { route: `build-and-price/${vehicle.id}` }, { description: buildAndPriceDescription(vehicle, seo.dealer, seo.language) }),
  };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const shell = shellMeta(matches);
  if (!shell || !loaded?.vehicle) return [];
  const t = buildTranslator(shell.locale, shell.t);
  return [{ title: t("build.page_title", { vehicle: vehicleTitle(loaded.vehicle), dealer: shell.dealer.name }) }, ...(loaded.seo ?? [])];
};

export default function BuildAndPriceRoute({ loaderData, params }: Route.ComponentProps) {
  const { vehicle, trim, trimConfiguration, configurationError, paymentSettings, savedOrder, extras, images, addOnCounts } =
    loaderData;
  const { step } = splat(params);
  const { t, locale } = useBuildI18n();
  const { dealer, dealerUser, quietApi, path, pricesLocked } = useShell();
  const buildApi = useMemo(() => createBuildApi(quietApi), [quietApi]);
  const addOnsApi = useMemo(() => createAddOnsApi(quietApi), [quietApi]);
  const navigate = useNavigate();
  // Fetched once the page is interactive, so the summary opens without a wait.
  useEffect(() => void loadDealPanel().catch(() => undefined), []);
  const format = { locale, currency: dealer.currency_unit };
  if (!vehicle)
    return (
      <NotFound t={t} showroomHref={dealer.show_vehicle_list ? path("search") : null} websiteHref={dealer.website} />
    );
  const title = `${vehicleTitle(vehicle)} ${locale === "fr-ca" ? vehicle.trim_fr : vehicle.marketing_trim}`;
  if (!trim) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p
          role="alert"
          className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 p-4 font-semibold text-red-900"
          data-testid="build-unavailable"
        >
          {t(vehicle.jato_id ? "build.error.cannot_fetch_trim_options" : "build.unavailable")}
        </p>
      </div>
    );
  }
  const trimGroup = trimConfiguration?.groups.find((g) => g.id === "trim");
  const current = trimConfiguration?.initial_configuration.selected_options.find((o) => o.startsWith("trim:"));
  const trimChoices: TrimChoice[] = (trimGroup?.options ?? []).map((o) => ({
    id: o.id,
    name: locale === "fr-ca" ? o.name_fr : o.name_en,
    msrp: o.price,
    current: o.id === current,
  }));
  return (
    <BuildAndPrice
      key={vehicle.id}
      vehicleId={vehicle.id}
      title={title}
      trim={trim}
      trimChoices={trimChoices}
      model={{ year: vehicle.year, make: vehicle.make, model: vehicle.model }}
      openBuild={(vehicleId) => void navigate(path(`build-and-price/${vehicleId}/configuration`))}
      notice={configurationError}
      api={buildApi}
      step={step}
      stepHref={(s: BuildStep) => path(`build-and-price/${vehicle.id}/${s}`)}
      format={format}
      depositPlaced={savedOrder?.has_deposit === true && savedOrder.build_state !== null}
      heldBuildUid={savedOrder?.has_deposit ? savedOrder.build_state : null}
      staffEditor={dealerUser?.fully_authenticated === true && can(effectiveStaffRole(dealerUser), "customers.act_as")}
      initialImages={images}
      addOnCounts={addOnCounts}
      addOnStep={(addOnStep) => {
        const settings = paymentSettings;
        const type =
          settings?.default_payment_type[vehicle.is_new ? "new" : "used"] ??
          dealer.financing_default_payment_type[vehicle.is_new ? "new" : "used"];
        const term =
          type === "finance"
            ? (settings?.default_finance_term ?? null)
            : type === "lease"
              ? (settings?.default_lease_term ?? null)
              : null;
        return (
          <Suspense fallback={<p role="status">{t("build.loading")}</p>}>
            <AddOnStep
              step={addOnStep}
              api={addOnsApi}
              vehicleId={vehicle.id}
              saved={
                savedOrder
                  ? { accessory_ids: savedOrder.accessory_ids, protection_ids: savedOrder.protection_ids }
                  : null
              }
              deal={{
                payment_type: type,
                term,
                distance_allowance: type === "lease" ? (settings?.default_distance_allowance ?? null) : null,
              }}
              currency={dealer.currency_unit}
              lengthUnit={settings?.length_unit ?? dealer.length_unit}
            />
          </Suspense>
        );
      }}
      summary={(buildState) => (
        <div className="flex flex-col gap-6">
          <BuildSummary trim={trim} state={buildState.state} format={format} />
          <Suspense fallback={<p role="status">{t("build.loading")}</p>}>
            <DealPanel
            vehicle={vehicle}
            paymentSettings={paymentSettings}
            savedOrder={savedOrder}
            extras={extras}
            showCalculator={!pricesLocked}
            calculatorKey={`${buildState.uid}:${buildState.state.prices.msrp}`}
            buildStateUid={buildState.uid}
            source="build-and-price"
              savedMessage={(created) => t(created ? "build.saved_toast" : "build.saved_to_deal_toast")}
            />
          </Suspense>
        </div>
      )}
    />
  );
}
