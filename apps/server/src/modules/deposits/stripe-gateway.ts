import Stripe from "stripe";
import { CardDeclined, GatewayUnavailable, type GatewayPayment, type PaymentGateway } from "./gateway.ts";

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Another address than Stripe's (a local fake processor in the tests): http://127.0.0.1:12111 */
  apiBase: string | null;
};

function clientFor(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 0,
    timeout: 20_000,
    ...(base && { host: base.hostname, port: Number(base.port || (base.protocol === "https:" ? 443 : 80)), protocol: base.protocol.replace(":", "") as "http" | "https" }),
  });
}

/** A PaymentIntent as the deposits read it: the hold's capture deadline is on its charge (capture_before). */
function toPayment(intent: Stripe.PaymentIntent): GatewayPayment {
  const charge = typeof intent.latest_charge === "object" && intent.latest_charge !== null ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card ?? null;
  const status = intent.status === "requires_capture" ? "requires_capture" : intent.status === "succeeded" ? "succeeded" : intent.status === "canceled" ? "canceled" : null;
  // A card asking for authentication (3-D Secure) cannot finish in this server-side confirmation.
  if (!status) throw new CardDeclined(intent.status === "requires_action" ? "authentication_required" : `payment_${intent.status}`);
  return {
    id: intent.id,
    status,
    amountCents: intent.amount,
    capturedCents: intent.amount_received,
    refundedCents: charge?.amount_refunded ?? 0,
    captureBefore: card?.capture_before ? new Date(card.capture_before * 1000) : null,
    cardBrand: card?.brand ?? "unknown",
    cardLast4: card?.last4 ?? "",
  };
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new CardDeclined(error.decline_code ?? error.code ?? "card_declined");
    throw new GatewayUnavailable(error instanceof Error ? error.message : String(error));
  }
}

const EXPAND = ["latest_charge"];

/**
 * Stripe: PaymentIntents with manual capture for holds (automatic for charges), confirmed with the card Stripe's
 * Elements took in the browser (a PaymentMethod id: the card number never reaches this server, PCI SAQ A). Every
 * call carries the idempotency key; Stripe replays the first answer for it for 24 hours, and the deposits keep their
 * own records beyond that. Webhook events are verified by their signature (HMAC-SHA256, 300 s tolerance).
 */
export function stripeGateway(settings: StripeSettings): PaymentGateway & { verifyEvent(rawBody: Buffer, signature: string): Stripe.Event } {
  const stripe = clientFor(settings);
  return {
    name: "stripe",
    demonstration: false,
    async authorize(key, request) {
      if (request.card.kind !== "payment_method") throw new CardDeclined("card_not_tokenized");
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            capture_method: request.capture ? "automatic" : "manual",
            payment_method: request.card.kind === "payment_method" ? request.card.id : "",
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
            confirm: true,
            description: request.description,
            metadata: request.metadata,
            expand: EXPAND,
          },
          { idempotencyKey: key },
        ),
      );
      return toPayment(intent);
    },
    // The workflow sends the deposit's stored PaymentMethod again with the key instead: Stripe replays its answer.
    recoverAuthorization: async () => null,
    async capture(key, paymentId, amountCents) {
      return toPayment(await call(() => stripe.paymentIntents.capture(paymentId, { ...(amountCents !== undefined && { amount_to_capture: amountCents }), expand: EXPAND }, { idempotencyKey: key })));
    },
    async release(key, paymentId) {
      return toPayment(await call(() => stripe.paymentIntents.cancel(paymentId, { expand: EXPAND }, { idempotencyKey: key })));
    },
    async refund(key, paymentId, amountCents) {
      await call(() => stripe.refunds.create({ payment_intent: paymentId, amount: amountCents }, { idempotencyKey: key }));
      return toPayment(await call(() => stripe.paymentIntents.retrieve(paymentId, { expand: EXPAND })));
    },
    async retrieve(paymentId) {
      try {
        return toPayment(await stripe.paymentIntents.retrieve(paymentId, { expand: EXPAND }));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw new GatewayUnavailable(error instanceof Error ? error.message : String(error));
      }
    },
    verifyEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
    },
  };
}
export type StripeGateway = ReturnType<typeof stripeGateway>;
