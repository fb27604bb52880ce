import { LegalDocumentView } from "~/components/legal/legal-document";
import { termsAndConditions } from "~/content/legal";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/terms-and-conditions";

export function loader() {
  return { doc: termsAndConditions };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { doc } = loaderData;
  return seo(matches, {
    title: doc.title,
    description: doc.metaDescription,
    path: "/terms-and-conditions",
    breadcrumb: [{ name: doc.title, path: "/terms-and-conditions" }],
  });
}

export default function TermsAndConditions({ loaderData }: Route.ComponentProps) {
  return <LegalDocumentView doc={loaderData.doc} />;
}
