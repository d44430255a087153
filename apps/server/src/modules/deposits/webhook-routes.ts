import type { FastifyPluginAsync } from "fastify";
import type Stripe from "stripe";

/** The payment a Stripe event is about (a PaymentIntent, or a charge or refund of one), or null. */
function paymentOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
  if (object.object === "payment_intent") return object.id ?? null;
  const intent = object.payment_intent;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

/**
 * Stripe's webhook: POST /api/deposit/stripe/webhook/. The body is read raw and its signature checked (a forged or
 * replayed call answers 400 and changes nothing); each event id is acted on once (duplicates and retries answer
 * 200), and the payment is read again from Stripe before the deposit changes (events arrive out of order).
 */
export const stripeWebhookRoutes =
  (deps: {
    verify(rawBody: Buffer, signature: string): Stripe.Event;
    firstSight(eventId: string, type: string): Promise<boolean>;
    paymentChanged(paymentId: string): Promise<void>;
  }): FastifyPluginAsync =>
  async (app) => {
    // Only in this plugin: the signature is over the exact bytes Stripe sent.
    app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    app.post(
      "/api/deposit/stripe/webhook/",
      { config: { tenant: false, signedByProcessor: true }, schema: { tags: ["deposit"], summary: "Stripe's events about deposits, verified by their signature and handled once each" } },
      async (request, reply) => {
        const signature = request.headers["stripe-signature"];
        let event: Stripe.Event;
        try {
          if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) throw new Error("no signature");
          event = deps.verify(request.body, signature);
        } catch {
          return reply.status(400).send({ detail: "invalid signature" });
        }
        const payment = paymentOf(event);
        if (payment && (await deps.firstSight(event.id, event.type))) await deps.paymentChanged(payment);
        return { received: true };
      },
    );
  };
