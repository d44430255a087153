import { mailboxQuerySchema, mailboxSchema, type MailboxMessage } from "@showroom/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

type Deps = {
  listMailbox(to: string | undefined): Promise<MailboxMessage[]>;
  /** One delivery pass, so a message queued a moment ago shows as sent. */
  deliverPending(): Promise<unknown>;
};

/** The development mailbox: registered only when it is enabled (see mailboxEnabled); otherwise the path is the usual 404. */
export const mailboxRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/dev/mailbox/",
      {
        config: { tenant: false },
        schema: {
          tags: ["notifications"],
          summary: "Development mailbox: the newest outbox messages (email, SMS, CRM leads), at most 200",
          description:
            "Only without SMTP outside production, or with DEV_MAILBOX=1; otherwise 404. Runs one delivery pass first. " +
            "`to` keeps the messages to one address (letter case ignored).",
          security: [],
          querystring: mailboxQuerySchema,
          response: { 200: mailboxSchema },
        },
      },
      async (request, reply) => {
        try {
          await deps.deliverPending();
        } catch (error) {
          request.log.error({ err: error }, "outbox delivery pass failed");
        }
        reply.header("cache-control", "no-store");
        return { results: await deps.listMailbox(request.query.to) };
      },
    );
  };
