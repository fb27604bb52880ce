import { LegalDocumentView } from "~/components/legal/legal-document";
import { privacyPolicy } from "~/content/legal";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export function loader() {
  return { doc: privacyPolicy };
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
