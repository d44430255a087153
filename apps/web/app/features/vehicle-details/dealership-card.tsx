import type { DealerInfo, DealershipDetails } from "@showroom/domain";
import { useI18n } from "../../i18n/index.ts";

export function DealershipCard(props: { dealer: DealerInfo; details: DealershipDetails }) {
  const { t } = useI18n();
  const { dealer } = props;
  // A group vehicle sits at another dealership: its name and town, and this storefront's contact.
  const own = props.details.code === dealer.code;
  return (
    <section aria-labelledby="dealer-heading" className="rounded-xl border border-black/10 bg-white p-4" data-testid="dealership-card">
      <h2 id="dealer-heading" className="text-lg font-semibold">{props.details.name}</h2>
      <address className="mt-1 not-italic">
        {own ? dealer.full_address : props.details.location}
        <br />
        <a href={`tel:${dealer.phone.replace(/[^\d+]/g, "")}`} className="font-semibold underline">{dealer.phone}</a>
      </address>
      {own && (
        <>
          <h3 className="mt-3 font-semibold">{t("details.hours")}</h3>
          <table className="mt-1 w-full text-sm">
            <tbody>
              {dealer.dealer_hours.map((h) => (
                <tr key={h.weekday}>
                  <th scope="row" className="py-0.5 text-left font-normal">{t(`weekday.${h.weekday}`)}</th>
                  <td className="text-right">{h.start && h.end ? `${h.start} – ${h.end}` : t("details.closed")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
