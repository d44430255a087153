import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { quoteEmail, quoteLink } from "./emails.ts";
import { quotePdf, quotePdfFilename } from "./quote-pdf.ts";
import { quotesRepo } from "./repo.ts";
import { quoteRoutes } from "./routes.ts";
import { localeFor, quotesService } from "./service.ts";

/** Personalized quotes: staff prepare up to three options for a deal, priced by the pricing engine; the shopper compares and reserves one. */
export const quotesModule = fp(
  async (app: FastifyInstance) => {
    const { db, orders, customers, inventory, notifications, config } = app;
    const repo = quotesRepo(db);
    const quotes = quotesService({ repo, pricing: app.pricing, now: app.now });
    // The build's options are read as the dealership's own (the deal names the build; staff and the system may read it).
    const system = (dealershipId: number) => ({ dealershipId, sessionHash: "", customerId: null, staffOfDealership: true });
    await app.register(
      quoteRoutes({
        quotes,
        orders,
        customers,
        inventory,
        buildOptionsMsrp: async (dealership, order) =>
          order.buildState ? app.buildAndPrice.optionsMsrpFor(order.buildState, system(dealership.id), order.vehicleId) : null,
        async sendQuoteEmail({ dealership, order, flow, token, message, staff }) {
          const customer = await customers.byId(dealership.id, order.customerId);
          if (!customer) return;
          const vehicle = await inventory.findForDealership(dealership.id, order.vehicleId);
          const language = customer.language === "fr" ? "fr" : "en";
          // The quote goes along as a PDF in the customer's language.
          const wire = quotes.toFlowWire(flow, await repo.quotesOf(flow.id), { dealership, customer, vehicle, buildStateUid: order.buildState, language, appliedQuoteId: null });
          const pdf = await quotePdf(wire, language, localeFor(language, dealership), dealership.currencyUnit);
          const mail = quoteEmail({
            language,
            dealerName: dealership.name,
            firstName: customer.firstName,
            vehicle: vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model}` : "",
            staffName: staff.fullName,
            optionCount: (await repo.quotesOf(flow.id)).length,
            expiry: flow.quoteExpiry ?? "",
            message,
            link: quoteLink(config.publicUrl, dealership.code, language, flow.id, token),
          });
          await notifications.queueEmail(db, {
            dealershipId: dealership.id,
            to: customer.email,
            ...mail,
            language,
            attachment: { filename: quotePdfFilename(flow, language), contentType: "application/pdf", contentBase64: pdf.toString("base64") },
          });
        },
        now: app.now,
      }),
    );
  },
  { name: "quotes", dependencies: ["orders", "customers", "inventory", "pricing", "build-and-price", "notifications", "dealerships"] },
);
