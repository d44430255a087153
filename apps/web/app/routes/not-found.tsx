import { data } from "react-router";
import { NotFound } from "../features/shell/error-page.tsx";
import { useI18n } from "../i18n/index.ts";
import { useShell } from "../lib/shell-context.tsx";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  const { t } = useI18n();
  const { dealer, path } = useShell();
  return <NotFound t={t} showroomHref={dealer.show_vehicle_list ? path("search") : null} websiteHref={dealer.website} />;
}
