import { orderLinkEmail } from "@showroom/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { savedDealLeads } from "../../workflows/saved-deal-lead.ts";
import { toPricedVehicle } from "../inventory/vehicle-views.ts";
import { orderFollowUpRoutes } from "./follow-up-routes.ts";
import { orderRoutes, type OrderRouteDeps } from "./routes.ts";
import { ordersService, type OrdersService } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

/** Saved deals: the vehicle, the payment the shopper priced, the build, the steps, and the link back to them. */
export const ordersModule = fp(
  async (app: FastifyInstance) => {
    const { db, config, customers, inventory, pricing, buildAndPrice, notifications } = app;
    const orders = ordersService(db, app.now);
    app.decorate("orders", orders);
    const routeDeps: OrderRouteDeps = {
      orders,
      dealCustomer: (dealership, customerId) => customers.dealCustomer(dealership, customerId, config.publicUrl),
      vehicleFor: inventory.savedVehicleFor,
      vehiclesByIds: inventory.savedVehiclesByIds,
      paymentChoice: pricing.paymentChoice,
      buildStateUsable: buildAndPrice.usableFor,
      incentiveIds: pricing.incentiveIds,
      async checkAddOns(dealership, vehicleId, paymentType, selection) {
        const row = await inventory.findForDealership(dealership.id, vehicleId);
        // A deal's vehicle may be of the group's other dealership: it then takes none of this one's add-ons.
        if (!row) return selection.accessory_ids.length ? { ok: false, field: "accessory_ids" } : selection.protection_ids.length ? { ok: false, field: "protection_ids" } : { ok: true, protection_ids: [] };
        return app.addOns.checkDeal(dealership, { id: row.id, make: row.make, bodyType: row.bodyType, condition: toPricedVehicle(row).condition }, paymentType, selection);
      },
      sendOrderLink: async ({ dealership, customer, vehicleTitle }) => {
        const mail = orderLinkEmail({
          language: customer.language,
          dealerName: dealership.name,
          firstName: customer.firstName,
          link: customer.tokenized_url,
          vehicleTitle,
        });
        await notifications.queueEmail(db, {
          dealershipId: dealership.id,
          to: customer.email,
          ...mail,
          language: customer.language,
        });
      },
      dealSaved: savedDealLeads({ db, dealerships: app.dealerships, inventory, now: app.now, customers }),
      activityOf: app.activity.activityOfOrder,
      activityPageSize: app.activity.pageSize,
    };
    await app.register(orderRoutes(routeDeps));
    await app.register(orderFollowUpRoutes(routeDeps));
  },
  {
    name: "orders",
    dependencies: ["customers", "inventory", "pricing", "add-ons", "build-and-price", "notifications", "activity"],
  },
);
