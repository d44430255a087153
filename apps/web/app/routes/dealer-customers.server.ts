import {
  creditApplicationWireSchema,
  creditStaticDataSchema,
  depositWireSchema,
  orderDocumentsSchema,
  staffAppointmentSchema,
  tradeInQuestionSchema,
  tradeInSchema,
  workspaceCustomerDetailSchema,
  workspaceCustomerPageSchema,
  type CreditApplicationWire,
  type DepositWire,
  type OrderDocuments,
  type TradeInQuestionWire,
  type TradeInWire,
  type WorkspaceCustomer,
  type WorkspaceCustomerDetail,
} from "@showroom/domain";

import { redirect, type LoaderFunctionArgs } from "react-router";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";
import type { CreditStaticData } from "../features/credit-application/credit-api.ts";

export type WorkspaceListData = {
  /** Null when no staff user is fully signed in: the page asks them to sign in. */
  list: { count: number; next: string | null; previous: string | null; results: WorkspaceCustomer[] } | null;
  search: string;
  page: number;
};

const api = ({ request, params, context }: LoaderFunctionArgs) =>
  serverApi(context, dealerCodeFor(request, params, context), request.headers.get("accept-language") ?? undefined);

/** 403 (not staff, or the second factor not passed yet) and 440 (the session just ended) read as signed out. */
const signedOut = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 440);

/** The dealer workspace's customer list (staff only): the search and page come from the address. */
export async function loadWorkspaceList(args: LoaderFunctionArgs): Promise<WorkspaceListData> {
  const url = new URL(args.request.url);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 100);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const query = new URLSearchParams({ ...(search && { search }), page: String(page) });
  try {
    const list = await api(args).get(`/api/dealer/customers/?${query.toString()}`, workspaceCustomerPageSchema);
    // A page past the end: the first page instead.
    if (list.results.length === 0 && page > 1) {
      url.searchParams.delete("page");
      throw redirect(`${url.pathname}${url.search}`);
    }
    return { list, search, page };
  } catch (error) {
    if (signedOut(error)) return { list: null, search, page };
    throw error;
  }
}

/** A list answer (plain, or paged as {results}) read item by item with the item's schema. */
const listOf = <T>(item: { parse(data: unknown): T }) => ({
  parse(data: unknown): T[] {
    const items = Array.isArray(data) ? data : (data as { results?: unknown } | null)?.results;
    if (!Array.isArray(items)) throw new TypeError("a list was expected");
    return items.map((entry) => item.parse(entry));
  },
});

export type WorkspaceCustomerData = {
  customer: WorkspaceCustomerDetail | null;
  state: "ok" | "signed-out" | "not-found";
  /** The customer's trade-ins (null when they could not be read: the page says so); the questionnaire names their answers. */
  tradeIns: TradeInWire[] | null;
  questions: TradeInQuestionWire[];
  /** The customer's appointments (null when they could not be read), each naming its deal. */
  appointments: StaffAppointment[] | null;
  /** Each deal's documents by its id (null for a deal whose documents could not be read). */
  documents: Record<number, OrderDocuments | null>;
  /** The customer's deposits, newest first (null when they could not be read: the deals say so). */
  deposits: DepositWire[] | null;
  /** The customer's credit applications (null when they could not be read) and the choices that name their answers. */
  creditApplications: CreditApplicationWire[] | null;
  creditData: CreditStaticData | null;
};
type StaffAppointment = ReturnType<typeof staffAppointmentSchema.parse>;

/** One customer with their deals and trade-ins; "signed-out" asks for the dealer sign-in, "not-found" for a customer this user may not see. */
export async function loadWorkspaceCustomer(args: LoaderFunctionArgs): Promise<WorkspaceCustomerData> {
  const id = Number(args.params["id"]);
  const none = {
    tradeIns: null,
    questions: [],
    appointments: null,
    documents: {},
    deposits: null,
    creditApplications: null,
    creditData: null,
  };
  if (!Number.isInteger(id) || id <= 0) return { customer: null, state: "not-found", ...none };
  const client = api(args);
  // The trade-ins are read beside the customer; failing, they leave the rest of the page as it is.
  const trades = client.get(`/api/quickshop/trade-ins/?customer=${id}`, listOf(tradeInSchema)).catch(() => null);
  const questions = client.get("/api/trade-in/tradein-questions/", listOf(tradeInQuestionSchema)).catch(() => []);
  const appointments = client
    .get(`/api/quickshop/appointments/?customer=${id}`, listOf(staffAppointmentSchema))
    .catch(() => null);
  const deposits = client.get(`/api/quickshop/deposits/?customer=${id}`, listOf(depositWireSchema)).catch(() => null);
  // Each read of a credit application is recorded by the server; they are read only on this page.
  const creditApplications = client
    .get(`/api/quickshop/credit-applications/?customer=${id}`, listOf(creditApplicationWireSchema))
    .catch(() => null);
  const creditData = client
    .get("/api/customer/credit-application/static_data/", creditStaticDataSchema)
    .catch(() => null);
  try {
    const customer = await client.get(`/api/dealer/customers/${id}/`, workspaceCustomerDetailSchema);
    // Each deal's documents, side by side; one failing leaves the others.
    const documents = Object.fromEntries(
      await Promise.all(
        customer.deals.map(async (deal) => [
          deal.id,
          await client.get(`/api/quickshop/documents/?order=${deal.id}`, orderDocumentsSchema).catch(() => null),
        ]),
      ),
    ) as Record<number, OrderDocuments | null>;
    return {
      customer,
      state: "ok",
      tradeIns: await trades,
      questions: await questions,
      appointments: await appointments,
      documents,
      deposits: await deposits,
      creditApplications: await creditApplications,
      creditData: await creditData,
    };
  } catch (error) {
    await Promise.all([trades, questions, appointments, deposits]);
    if (signedOut(error)) return { customer: null, state: "signed-out", ...none };
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return { customer: null, state: "not-found", ...none };
    throw error;
  }
}
