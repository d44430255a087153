import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { CustomerList, CustomerSearch, StaffSignInPrompt, useSignInOnArrival, workspaceSearch } from "../features/staff/workspace.tsx";
import { useI18n } from "../i18n/index.ts";
import { useShell } from "../lib/shell-context.tsx";
import { shellMeta } from "../lib/shell-meta.ts";
import { ctaButtonClass } from "../ui/styles.ts";
import { loadWorkspaceList } from "./dealer-customers.server.ts";

export const loader = (args: LoaderFunctionArgs) => loadWorkspaceList(args);

export const meta: MetaFunction = ({ matches }) => {
  const shell = shellMeta(matches);
  if (!shell) return [];
  const { t } = shell;
  return [{ title: t("workspace.title", { dealer: shell.dealer.name }) }, { name: "robots", content: "noindex" }];
};

/** The dealer workspace (staff only): the dealership's customers a page at a time, searchable, and "Add customer". */
export default function DealerCustomersRoute() {
  const { list, search, page } = useLoaderData<typeof loader>();
  const { t, locale } = useI18n();
  const { path, staff, signIn, customer } = useShell();
  const navigate = useNavigate();
  useSignInOnArrival(list === null, staff.signIn);
  const href = (s: string, p = 1) => path("dealer/customers", workspaceSearch(s, p));
  return (
    <div className="mx-auto max-w-7xl px-4 py-6" data-testid="workspace-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("workspace.heading")}</h1>
        {list && !customer && (
          <button type="button" onClick={() => void signIn("add-customer")} className={`${ctaButtonClass} min-h-11`} data-testid="workspace-add-customer">
            {t("header.add_customer")}
          </button>
        )}
      </div>
      {!list ? (
        <StaffSignInPrompt t={t} onSignIn={() => void staff.signIn()} onPrefetch={staff.prefetchSignIn} />
      ) : (
        <>
          <div className="mt-4 max-w-xl">
            <CustomerSearch
              t={t}
              initial={search}
              action={path("dealer/customers")}
              onSearch={(value) => {
                if (value.trim() !== search) void navigate(href(value), { replace: true, preventScrollReset: true });
              }}
            />
          </div>
          <p role="status" className="mt-2 font-semibold" data-testid="workspace-count">
            {search ? t("workspace.count_search", { count: list.count, search }) : t("workspace.count", { count: list.count })}
          </p>
          {list.count === 0 ? (
            <p className="mt-4" data-testid="workspace-empty">{search ? t("workspace.no_match") : t("workspace.empty")}</p>
          ) : (
            <div className="mt-4">
              <CustomerList t={t} locale={locale} customers={list.results} hrefOf={(id) => path(`dealer/customers/${id}`, workspaceSearch(search))} />
            </div>
          )}
          {(list.previous || list.next) && (
            <nav aria-label={t("workspace.pagination")} className="mt-8 flex items-center justify-center gap-3">
              {list.previous && (
                <Link to={href(search, page - 1)} rel="prev" className="inline-flex min-h-11 items-center rounded-md border border-black/15 px-4 font-semibold hover:bg-black/5">
                  {t("search.previous")}
                </Link>
              )}
              <span aria-current="page" className="font-semibold">{t("orders.page", { page })}</span>
              {list.next && (
                <Link to={href(search, page + 1)} rel="next" className="inline-flex min-h-11 items-center rounded-md border border-black/15 px-4 font-semibold hover:bg-black/5">
                  {t("search.next")}
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
