import { Link } from "react-router";
import type { Translate } from "../../i18n/index.ts";
import { CarIcon } from "../../ui/icons.tsx";
import { ctaButtonClass } from "../../ui/styles.ts";

const centred = "mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center";
const button = `mt-8 inline-block ${ctaButtonClass}`;

/**
 * 404 (spec 2.2): heading, car icon, comment and one button: back to the showroom when the dealership
 * lists vehicles, otherwise to its website (or /).
 */
export function NotFound(props: { t: Translate; showroomHref: string | null; websiteHref: string | null }) {
  const { t } = props;
  return (
    <section className={centred} aria-labelledby="not-found-title">
      <CarIcon className="h-16 w-24 text-[var(--accent)]" />
      <h1 id="not-found-title" className="mt-6 text-2xl font-bold">{t("not_found.title")}</h1>
      <p className="mt-3 opacity-80">{t("not_found.comment")}</p>
      {props.showroomHref ? (
        <Link to={props.showroomHref} className={button}>{t("not_found.back_to_showroom")}</Link>
      ) : (
        <a
          href={props.websiteHref ?? "/"}
          className={button}
          onClick={(event) => {
            event.preventDefault();
            window.location.replace(props.websiteHref ?? "/");
          }}
        >
          {t("not_found.go_to_website")}
        </a>
      )}
    </section>
  );
}

export function ErrorPage(props: { status: number; t: Translate; homeHref: string }) {
  const { t } = props;
  if (props.status === 404) return <NotFound t={t} showroomHref={props.homeHref} websiteHref={null} />;
  const throttled = props.status === 429;
  return (
    <section className={centred} aria-labelledby="error-title">
      <p className="text-sm font-semibold opacity-70">{t("error_page.status", { status: props.status })}</p>
      <h1 id="error-title" className="mt-2 text-2xl font-bold">{t(throttled ? "error_page.throttled_title" : "error_page.title")}</h1>
      <p className="mt-3 opacity-80">{t(throttled ? "error_page.throttled_comment" : "error_page.comment")}</p>
      <a href={props.homeHref} className={button}>{t("error_page.retry")}</a>
    </section>
  );
}
