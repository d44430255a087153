import { testDriveBookingViewSchema } from "@showroom/domain";
import { data } from "react-router";
import { TestDriveBookingPage } from "../features/appointments/test-drive-booking-view.tsx";
import { ApiError, serverApi } from "../lib/api.server.ts";
import { dealerCodeFor } from "../lib/dealer-code.server.ts";
import { shellMeta } from "../lib/shell-meta.ts";
import type { Route } from "./+types/test-drive";

/** The page of a test drive booking (the url POST /api/test-drive-bookings/ answers): read by its id. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const api = serverApi(
    context,
    dealerCodeFor(request, params, context),
    request.headers.get("accept-language") ?? undefined,
  );
  const id = params.id ?? "";
  if (!/^[a-f0-9]{32}$/.test(id)) return data({ booking: null }, { status: 404 });
  try {
    return { booking: await api.get(`/api/test-drive-bookings/${id}/`, testDriveBookingViewSchema) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return data({ booking: null }, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  // The page's own words load with it; the title says what it is in the shell's words.
  return [
    { title: `${shell.t("appointment_card.test_drive")} | ${shell.dealer.name}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function TestDriveRoute({ loaderData }: Route.ComponentProps) {
  return <TestDriveBookingPage booking={loaderData.booking} />;
}
