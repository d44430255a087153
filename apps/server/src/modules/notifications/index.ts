import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../../db/client.ts";
import { mailboxRoutes } from "./routes.ts";
import { listMailbox, queueEmail, queueSms } from "./service.ts";
import { configuredTransports, mailboxEnabled } from "./transports.ts";
import { deliverPending } from "./worker.ts";

type EmailInput = Omit<Parameters<typeof queueEmail>[1], "now">;
type SmsInput = Omit<Parameters<typeof queueSms>[1], "now">;

/** What other modules may ask of notifications: queue a message (inside their own transaction), deliver the outbox. */
export type Notifications = {
  queueEmail(db: Db, message: EmailInput): Promise<void>;
  queueSms(db: Db, message: SmsInput): Promise<void>;
  mailboxEnabled: boolean;
  /** One delivery pass over the due outbox messages, on the app's clock (main.ts runs it every second). */
  deliverPending(options?: { limit?: number }): ReturnType<typeof deliverPending>;
};

declare module "fastify" {
  interface FastifyInstance {
    notifications: Notifications;
  }
}

/** The outbox: SMTP when configured, else the development mailbox. */
export const notificationsModule = fp(
  async (app: FastifyInstance) => {
    const { db, now, config } = app;
    const outbox = configuredTransports(config);
    app.addHook("onClose", async () => outbox.close());
    const notifications: Notifications = {
      queueEmail: async (tx, message) => void (await queueEmail(tx, { ...message, now: now() })),
      queueSms: async (tx, message) => void (await queueSms(tx, { ...message, now: now() })),
      mailboxEnabled: mailboxEnabled(config),
      deliverPending: (options = {}) => deliverPending({ db, transport: outbox.transports, now, ...options }),
    };
    app.decorate("notifications", notifications);
    if (!notifications.mailboxEnabled) return;
    if (config.env === "production") app.log.warn("DEV_MAILBOX=1: the development mailbox shows every message at /api/dev/mailbox/");
    await app.register(
      mailboxRoutes({ listMailbox: (to) => listMailbox(db, app.dealerships, { to }), deliverPending: () => notifications.deliverPending() }),
    );
  },
  { name: "notifications", dependencies: ["platform", "dealerships"] },
);
