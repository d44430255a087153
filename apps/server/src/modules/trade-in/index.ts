import { randomBytes } from "node:crypto";
import { TRADE_IN_PHOTO_ANGLES, cents } from "@showroom/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { WorkflowFailed } from "../../workflows/runner/step-runner.ts";
import { acceptTradeInOffer, discardIncludedTradeIn, type TradeInDealDeps } from "../../workflows/trade-in-deal.ts";
import { tradeInLeads } from "../../workflows/trade-in-lead.ts";
import { mobileViewEmail, offerEmail, tradeInLink } from "./emails.ts";
import { tradeInPhotoRoutes } from "./photo-routes.ts";
import { tradeInPhotoStore, type TradeInPhotoStore } from "./photos.ts";
import { tradeInRepo } from "./repo.ts";
import { presenter } from "./route-support.ts";
import { tradeInRoutes, type TradeInDealRun } from "./routes.ts";
import { tradeInService, type TradeInService } from "./service.ts";
import { tradeInStaffRoutes } from "./staff-routes.ts";
import { builtInValuation } from "./valuation.ts";
import { currentOfferOf } from "./views.ts";

declare module "fastify" {
  interface FastifyInstance {
    tradeIns: TradeInService & { photos: TradeInPhotoStore };
  }
}

/**
 * Trade-ins: the shopper values a trade (built-in depreciation model behind the valuation interface), sends it
 * with photos, and accepts or declines the dealership's offer; an accepted offer is credited in the deal's
 * payment by a workflow of steps that undo themselves.
 */
export const tradeInModule = fp(
  async (app: FastifyInstance) => {
    const { db, config, customers, orders, notifications } = app;
    const tradeIns = tradeInService({ db, now: app.now, valuation: builtInValuation(tradeInRepo(db)), orders });
    const photos = tradeInPhotoStore({ repo: tradeIns.repo, files: app.files, now: app.now, log: app.log });
    app.decorate("tradeIns", Object.assign(tradeIns, { photos }));

    const dealDeps: TradeInDealDeps = {
      tradeIns,
      orders,
      pricing: app.pricing,
      inventory: app.inventory,
      buildOptionsMsrp: app.buildAndPrice.optionsMsrpFor,
      dealership: app.dealerships.byId,
      now: app.now,
    };
    const accept = acceptTradeInOffer(dealDeps);
    const discardIncluded = discardIncludedTradeIn(dealDeps);
    // Known to the runner, so a run a stopped process left half done is finished or undone at start-up.
    app.workflows.register(accept as never);
    app.workflows.register(discardIncluded as never);

    async function runDeal(workflow: typeof accept, run: TradeInDealRun) {
      const { tradeIn } = run;
      try {
        await app.workflows.run(workflow, `${tradeIn.id}:${run.offerId ?? "discard"}:${randomBytes(6).toString("hex")}`, {
          dealershipId: tradeIn.dealershipId,
          customerId: tradeIn.customerId,
          tradeInId: tradeIn.id,
          orderId: run.orderId,
          offerId: run.offerId,
          credit: run.credit,
          owing: run.owing,
        });
        return true;
      } catch (error) {
        if (!(error instanceof WorkflowFailed)) throw error;
        app.log.warn({ workflow: error.workflow, step: error.step, reason: error.reason, tradeIn: tradeIn.id }, "a trade-in's deal change was undone");
        return false;
      }
    }

    async function customerOf(dealershipId: number, customerId: number) {
      return customers.byId(dealershipId, customerId);
    }

    const present = presenter({ tradeIns, customers, now: app.now });
    const leads = tradeInLeads({ db, dealerships: app.dealerships, inventory: app.inventory, now: app.now, customers, orders });

    await app.register(
      tradeInRoutes({
        tradeIns,
        customers,
        present,
        now: app.now,
        acceptOffer: (run) => runDeal(accept, run),
        discardIncluded: (run) => runDeal(discardIncluded, run),
        submitted: leads,
        forgetPhotos: (id) => photos.remove(id, TRADE_IN_PHOTO_ANGLES),
        async sendMobileLink({ dealership, tradeIn }) {
          const customer = await customerOf(dealership.id, tradeIn.customerId);
          if (!customer) return;
          const language = customer.language === "fr" ? "fr" : "en";
          const mail = mobileViewEmail({ language, dealerName: dealership.name, firstName: customer.firstName, link: tradeInLink(config.publicUrl, dealership.code, tradeIn.vid, language), vehicle: tradeIn });
          await notifications.queueEmail(db, { dealershipId: dealership.id, to: customer.email, ...mail, language });
        },
      }),
    );
    await app.register(tradeInPhotoRoutes({ tradeIns, photos, customers }));
    await app.register(
      tradeInStaffRoutes({
        tradeIns,
        customers,
        present,
        async offerMade({ dealership, tradeIn }) {
          const customer = await customerOf(dealership.id, tradeIn.customerId);
          const offer = currentOfferOf(await tradeIns.repo.offersOf([tradeIn.id]));
          if (!customer || !offer) return;
          const language = customer.language === "fr" ? "fr" : "en";
          const mail = offerEmail({
            language,
            dealerName: dealership.name,
            firstName: customer.firstName,
            link: tradeInLink(config.publicUrl, dealership.code, tradeIn.vid, language),
            amount: cents(offer.amountCents),
            currency: dealership.currencyUnit,
            expiresAt: offer.expiresAt,
            timeZone: dealership.timeZone,
            vehicle: tradeIn,
          });
          await notifications.queueEmail(db, { dealershipId: dealership.id, to: customer.email, ...mail, language });
        },
      }),
    );

    // A closed account takes its trade-ins with it (the rows cascade); their photo files go first.
    customers.beforeRemove(async (customer) => {
      for (const trade of await tradeIns.repo.listOf({ dealershipId: customer.dealershipId, customerId: customer.id })) {
        await photos.remove(trade.id, TRADE_IN_PHOTO_ANGLES);
      }
    });

    // Uploads a stopped process left unprocessed are re-encoded once the app is ready; closing waits for the queue.
    app.addHook("onReady", async () => {
      const resumed = await photos.resume();
      if (resumed > 0) app.log.info({ photos: resumed }, "re-encoding trade-in photos left processing");
    });
    app.addHook("onClose", async () => photos.idle());
  },
  { name: "trade-in", dependencies: ["customers", "orders", "pricing", "inventory", "build-and-price", "notifications", "dealerships", "workflows", "file-storage"] },
);
