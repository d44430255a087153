import { redirect, type LoaderFunctionArgs } from "react-router";

/** /fr/ or /maple-auto/ alone: the vehicle list under the same prefix. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return redirect(`${url.pathname.replace(/\/?$/, "/")}search/${url.search}`);
}
