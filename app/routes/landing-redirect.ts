import { redirect } from "react-router";
import type { Route } from "./+types/landing-redirect";

/**
 * The marketing paths linked from the home page, services and footer (/trucking-insurance, ...)
 * lead to the matching product page until their own landing pages exist.
 */
export const landingToProduct: Record<string, string> = {
  "/trucking-insurance": "/insurance/commercial-trucking",
  "/contractors-insurance": "/insurance/contractors",
  "/general-liability-insurance": "/insurance/general-liability",
  "/commercial-property-insurance": "/insurance/commercial-property",
  "/hoa-insurance": "/insurance/hoa",
  "/investment-property-insurance": "/insurance/investment-property",
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = landingToProduct[url.pathname.replace(/\/$/, "")];
  if (!target) throw new Response(null, { status: 404 });
  return redirect(target + url.search, 302);
}
