import { isRouteErrorResponse, Links, Meta, Outlet, ScrollRestoration, useLoaderData, useLocation, useMatches, type LoaderFunctionArgs } from "react-router";
import { useEffect, type ReactNode } from "react";
import stylesheet from "./app.css?url";
import { catalogueOf, I18nContext, translator } from "./i18n/index.ts";
import { languageOf, type Locale } from "@showroom/domain";
import { ErrorPage } from "./features/shell/error-page.tsx";
import { AfterLoadScripts } from "./lib/after-load-scripts.tsx";
import { parsePrefix } from "./lib/paths.ts";
import type { Route } from "./+types/root";

export function loader({ context }: LoaderFunctionArgs) {
  return { nonce: context.nonce };
}

function useDocumentLocale(): Locale {
  const shell = useMatches().find((m) => m.id.startsWith("shell@") || m.id === "dev-mailbox")?.data as { locale?: Locale } | undefined;
  // Without the shell's data (its loader failed), the address still says which language was asked for.
  const { pathname } = useLocation();
  return shell?.locale ?? (parsePrefix(pathname, undefined).language === "fr" ? "fr-ca" : "en-ca");
}

export function Layout(props: { children: ReactNode }) {
  const nonce = (useMatches()[0]?.data as { nonce?: string } | undefined)?.nonce;
  const locale = useDocumentLocale();
  // Says when the page answers to clicks as the app, not as plain HTML (journeys wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={locale.replace(/-(\w+)$/, (_, r: string) => `-${r.toUpperCase()}`)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* A stylesheet resource (precedence): React sends it before the scripts' preloads, so the first paint waits for nothing else. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Links />
      </head>
      <body>
        {props.children}
        <ScrollRestoration nonce={nonce} />
        <AfterLoadScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

/** Failures outside any dealership's shell (the shell has its own boundary). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const locale = useDocumentLocale();
  const t = translator(catalogueOf(languageOf(locale)));
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <I18nContext.Provider value={{ locale, t }}>
      <ErrorPage status={status} t={t} homeHref="/" />
    </I18nContext.Provider>
  );
}
