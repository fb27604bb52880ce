import { LegalDocumentView } from "~/components/legal/legal-document";
import { legalDocuments } from "~/content/legal";
import { seo } from "~/lib/seo";
import { requestSite } from "~/lib/site.server";
import type { Route } from "./+types/privacy-policy";

/** The document with the request's profile (name, address, phone, licences). */
export function loader({ context }: Route.LoaderArgs) {
  return { doc: legalDocuments(requestSite(context)).privacyPolicy };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { doc } = loaderData;
  return seo(matches, {
    title: doc.title,
    description: doc.metaDescription,
    path: "/privacy-policy",
    breadcrumb: [{ name: doc.title, path: "/privacy-policy" }],
  });
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentView doc={loaderData.doc} />;
}
