import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { contactDealer } from "../../workflows/contact-dealer.ts";
import { customerLeads } from "../../workflows/customer-lead.ts";
import { customerSession, type CustomerSession } from "../../workflows/customer-session.ts";
import { notifyMe } from "../../workflows/notify-me.ts";
import { registerCustomer } from "../../workflows/register-customer.ts";
import { customerAccountRoutes } from "./account-routes.ts";
import { customerLeadRoutes } from "./lead-routes.ts";
import type { CustomerRouteDeps } from "./route-support.ts";
import { customersService, type CustomersService } from "./service.ts";
import { customerSignInRoutes } from "./sign-in-routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    customers: CustomersService;
    /** A customer's sign-in and sign-out inside the session (staff acting for them use it too). */
    customerSession: CustomerSession;
  }
}

/** Shoppers' accounts: sign-up, sign-in by code or link, profile, consents, leads. */
export const customersModule = fp(
  async (app: FastifyInstance) => {
    const { db, now, config, dealerships, inventory, notifications } = app;
    const customers = customersService({ db, secret: config.sessionSecret, now, mailer: notifications });
    const session = customerSession({ sessionControls: app.sessionControls, owners: [app.pricing, app.buildAndPrice] });
    app.decorate("customers", customers);
    app.decorate("customerSession", session);
    const leadDeps = { db, dealerships, inventory, now };
    const leads = customerLeads(leadDeps);
    const deps: CustomerRouteDeps = {
      customers,
      session,
      leads,
      contactDealer: (input) => contactDealer(leadDeps, input),
      notifyMe: (input) => notifyMe(leadDeps, input),
      register: (input) => registerCustomer({ db, customers, mailer: notifications, leads }, input),
      vehicleVisible: inventory.vehicleVisible,
      // Deals are the orders module's, registered after this one; these run only once requests come in.
      orderOwned: async (owner, orderId) => (await app.orders.find(owner, orderId)) !== null,
      accountClosingRefusal: (customer) => app.orders.anyDeletionRefusal({ dealershipId: customer.dealershipId, customerId: customer.id }),
      publicOrigin: config.publicUrl,
      signInLimitPer15Minutes: config.signInLimitPer15Minutes,
    };
    await app.register(customerLeadRoutes(deps));
    await app.register(customerAccountRoutes(deps));
    await app.register(customerSignInRoutes(deps));
  },
  { name: "customers", dependencies: ["inventory", "notifications", "pricing", "build-and-price"] },
);
