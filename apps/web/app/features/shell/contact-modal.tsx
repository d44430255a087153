import type { DealerInfo } from "@showroom/domain";
import type { Translate } from "../../i18n/index.ts";
import { ModalFrame } from "../../ui/modal-frame.tsx";

/** How to reach the dealership: phone, address, hours and website. */
export function ContactModal(props: { dealer: DealerInfo; t: Translate; close(): void }) {
  const { dealer, t } = props;
  return (
    <ModalFrame title={t("contact.title", { dealer: dealer.name })} closeLabel={t("common.close")} onClose={props.close}>
      <dl className="grid gap-4 text-sm">
        <div>
          <dt className="font-semibold">{t("contact.phone")}</dt>
          <dd><a className="underline" href={`tel:${dealer.phone.replace(/[^\d+]/g, "")}`}>{dealer.phone}</a></dd>
        </div>
        <div>
          <dt className="font-semibold">{t("contact.address")}</dt>
          <dd>{dealer.full_address}</dd>
        </div>
        {dealer.website && (
          <div>
            <dt className="font-semibold">{t("contact.website")}</dt>
            <dd><a className="underline" href={dealer.website}>{dealer.website.replace(/^https?:\/\//, "")}</a></dd>
          </div>
        )}
        <div>
          <dt className="font-semibold">{t("contact.hours")}</dt>
          <dd>
            <table className="mt-1 w-full max-w-xs">
              <tbody>
                {dealer.dealer_hours.map((h) => (
                  <tr key={h.weekday}>
                    <th scope="row" className="py-0.5 pr-4 text-left font-normal">{t(`weekday.${h.weekday}`)}</th>
                    <td>{h.start && h.end ? `${h.start} – ${h.end}` : t("contact.closed")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </dd>
        </div>
      </dl>
    </ModalFrame>
  );
}
