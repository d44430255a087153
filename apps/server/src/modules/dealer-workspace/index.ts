import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { registerActivityRecording } from "./activity-recording.ts";
import { dealerWorkspaceRoutes } from "./routes.ts";
import { activityRecorder, dealerWorkspaceService, type ActivityRecorder } from "./service.ts";

declare module "fastify" {
  interface FastifyInstance {
    activity: ActivityRecorder;
  }
}

/** The record of what staff do while acting for a customer: every unsafe call, written around the call. */
export const activityModule = fp(
  async (app: FastifyInstance) => {
    const activity = activityRecorder({ db: app.db, now: app.now, staffNames: app.dealerAuth.namesByIds });
    app.decorate("activity", activity);
    registerActivityRecording(app, activity);
  },
  { name: "activity", dependencies: ["dealer-auth"] },
);

/** The dealer workspace: staff find their dealership's customers and act for them. */
export const dealerWorkspaceModule = fp(
  async (app: FastifyInstance) => {
    const workspace = dealerWorkspaceService({
      db: app.db,
      now: app.now,
      customers: app.customers,
      orders: app.orders,
      staffNames: app.dealerAuth.namesByIds,
      vehiclesByIds: app.inventory.savedVehiclesByIds,
    });
    const { signIn, signOut } = app.customerSession;
    await app.register(dealerWorkspaceRoutes({ workspace, signInCustomer: signIn, signOutCustomer: signOut }));
  },
  { name: "dealer-workspace", dependencies: ["activity", "customers", "orders", "inventory"] },
);
