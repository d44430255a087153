import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Stripe's API, enough for the deposits: PaymentIntents (create and confirm with a test
 * PaymentMethod, manual or automatic capture, capture, cancel, retrieve with latest_charge expanded) and refunds,
 * with Stripe's idempotency (the first answer replayed for a key; other parameters under a used key refused) and
 * its card errors. The test PaymentMethods are Stripe's documented ones.
 */
type Intent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "requires_capture" | "requires_action" | "succeeded" | "canceled";
  capture_method: "manual" | "automatic";
  metadata: Record<string, string>;
  latest_charge: { id: string; object: "charge"; amount_refunded: number; payment_method_details: { card: { brand: string; last4: string; capture_before: number | null } } };
};

const CARDS: Record<string, { brand: string; last4: string; authenticate?: true } | { decline: string }> = {
  pm_card_visa: { brand: "visa", last4: "4242" },
  // A card whose bank asks for 3-D Secure: confirming leaves the intent waiting for the cardholder.
  pm_card_threeDSecure2Required: { brand: "visa", last4: "3220", authenticate: true },
  pm_card_mastercard: { brand: "mastercard", last4: "4444" },
  pm_card_chargeDeclined: { decline: "generic_decline" },
  pm_card_chargeDeclinedInsufficientFunds: { decline: "insufficient_funds" },
};

export type StripeFake = { url: string; requests: { method: string; path: string; idempotencyKey: string | null }[]; intents: Map<string, Intent>; close(): Promise<void>; now: () => number };

export async function startStripeFake(options: { now?: () => number } = {}): Promise<StripeFake> {
  const now = options.now ?? (() => Date.now());
  const intents = new Map<string, Intent>();
  const answered = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const requests: StripeFake["requests"] = [];
  let sequence = 0;

  const cardError = (decline: string) => ({ status: 402, body: { error: { type: "card_error", code: "card_declined", decline_code: decline, message: "Your card was declined." } } });
  const invalid = (message: string, status = 400) => ({ status, body: { error: { type: "invalid_request_error", message } } });

  function handle(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    const param = (name: string) => form.get(name);
    let match: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/payment_intents") {
      const card = CARDS[param("payment_method") ?? ""];
      if (!card) return invalid("No such PaymentMethod");
      if ("decline" in card) return cardError(card.decline);
      const { authenticate, ...shown } = card;
      const manual = param("capture_method") === "manual";
      const amount = Number(param("amount"));
      sequence += 1;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = key.match(/^metadata\[(.+)\]$/);
        if (m) metadata[m[1]!] = value;
      }
      const intent: Intent = {
        id: `pi_fake${sequence}`,
        object: "payment_intent",
        amount,
        amount_received: manual ? 0 : amount,
        currency: param("currency") ?? "cad",
        status: authenticate ? "requires_action" : manual ? "requires_capture" : "succeeded",
        capture_method: manual ? "manual" : "automatic",
        metadata,
        latest_charge: {
          id: `ch_fake${sequence}`,
          object: "charge",
          amount_refunded: 0,
          // Stripe gives online card holds 7 days.
          payment_method_details: { card: { ...shown, capture_before: manual ? Math.floor(now() / 1000) + 7 * 86_400 : null } },
        },
      };
      intents.set(intent.id, intent);
      return { status: 200, body: intent };
    }
    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)$/)) && method === "GET") {
      const intent = intents.get(match[1]!);
      return intent ? { status: 200, body: intent } : invalid("No such payment_intent", 404);
    }
    if ((match = path.match(/^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/)) && method === "POST") {
      const intent = intents.get(match[1]!);
      if (!intent) return invalid("No such payment_intent", 404);
      if (intent.status !== "requires_capture") return invalid(`This PaymentIntent's status is ${intent.status}`);
      if (match[2] === "capture") {
        intent.status = "succeeded";
        intent.amount_received = Math.min(Number(param("amount_to_capture") ?? intent.amount), intent.amount);
      } else intent.status = "canceled";
      return { status: 200, body: intent };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = intents.get(param("payment_intent") ?? "");
      if (!intent) return invalid("No such payment_intent", 404);
      const amount = Number(param("amount") ?? intent.amount_received - intent.latest_charge.amount_refunded);
      if (intent.status !== "succeeded" || intent.latest_charge.amount_refunded + amount > intent.amount_received) return invalid("Refund is greater than unrefunded amount");
      intent.latest_charge.amount_refunded += amount;
      sequence += 1;
      return { status: 200, body: { id: `re_fake${sequence}`, object: "refund", amount, payment_intent: intent.id, status: "succeeded" } };
    }
    return invalid(`Unrecognized request URL (${method}: ${path})`, 404);
  }

  async function respond(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(request.url ?? "/", "http://fake");
    const form = new URLSearchParams(request.method === "GET" ? url.search : raw);
    const key = (request.headers["idempotency-key"] as string | undefined) ?? null;
    requests.push({ method: request.method ?? "", path: url.pathname, idempotencyKey: key });
    let answer: { status: number; body: unknown };
    const fingerprint = createHash("sha256").update(`${request.method} ${url.pathname} ${raw}`).digest("hex");
    const seen = key ? answered.get(key) : undefined;
    if (seen) answer = seen.fingerprint === fingerprint ? seen : invalid("Keys for idempotent requests can only be used with the same parameters they were first used with.");
    else {
      answer = handle(request.method ?? "GET", url.pathname, form);
      if (key && request.method === "POST") answered.set(key, { fingerprint, ...answer });
    }
    response.writeHead(answer.status, { "content-type": "application/json", "request-id": `req_fake${requests.length}` });
    response.end(JSON.stringify(answer.body));
  }

  const server: Server = createServer((request, response) => void respond(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, intents, now, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
