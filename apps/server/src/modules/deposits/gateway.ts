/**
 * A card processor as the deposits call it. Every call carries an idempotency key: called again with it, the
 * processor answers what it answered the first time (a charge is never made twice). Two implementations: the
 * built-in sandbox (its own books, test card numbers) and Stripe (PaymentIntents with manual capture).
 */
export type PaymentCard =
  /** The sandbox's own card form (a demonstration: test numbers only). */
  | { kind: "card"; number: string; expMonth: number; expYear: number; cvc: string }
  /** A card Stripe's Elements took in the browser: its number never reaches this server. */
  | { kind: "payment_method"; id: string };

export type AuthorizeRequest = {
  amountCents: number;
  currency: "cad" | "usd";
  /** false: authorise and hold (captured or released later); true: charge at once. */
  capture: boolean;
  card: PaymentCard;
  description: string;
  metadata: Record<string, string>;
};

export type GatewayPayment = {
  id: string;
  status: "requires_capture" | "succeeded" | "canceled";
  amountCents: number;
  capturedCents: number;
  refundedCents: number;
  /** The processor's deadline to capture a hold. */
  captureBefore: Date | null;
  cardBrand: string;
  cardLast4: string;
};

/** The card was refused (nothing is held): `code` is the processor's decline code. */
export class CardDeclined extends Error {
  constructor(readonly code: string) {
    super(`card declined: ${code}`);
  }
}

/** The processor could not be reached or answered an error: whether it acted is unknown until asked with the key. */
export class GatewayUnavailable extends Error {}

export interface PaymentGateway {
  readonly name: "sandbox" | "stripe";
  /** Labelled as a demonstration in the page (the sandbox). */
  readonly demonstration: boolean;
  authorize(idempotencyKey: string, request: AuthorizeRequest): Promise<GatewayPayment>;
  /**
   * What an authorisation sent with this key did, when it reached the processor (null: it never did). Recovery
   * after a crash asks this instead of sending the card again: the card's details are never kept to resend.
   */
  recoverAuthorization(idempotencyKey: string): Promise<GatewayPayment | null>;
  capture(idempotencyKey: string, paymentId: string, amountCents?: number): Promise<GatewayPayment>;
  release(idempotencyKey: string, paymentId: string): Promise<GatewayPayment>;
  refund(idempotencyKey: string, paymentId: string, amountCents: number): Promise<GatewayPayment>;
  retrieve(paymentId: string): Promise<GatewayPayment | null>;
}
