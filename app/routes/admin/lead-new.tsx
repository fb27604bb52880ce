import { NewLeadForm } from "~/features/leads-inbox/components/new-lead-form";
import { inboxMessages } from "~/features/leads-inbox/messages";
import { addStaffLead } from "~/features/leads-inbox/staff-lead.server";
import { staffLeadSchema } from "~/features/leads-inbox/staff-lead-schema";
import { formClientAction } from "~/lib/form";
import { postForm, requireAdmin } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/lead-new";

const text = inboxMessages.newLead;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return null;
}

/**
 * The form, through the same function as POST /api/leads (docs/decisions/052); once stored, the
 * lead's own screen with a toast naming its reference.
 */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    // A note of 5,000 characters at up to 9 bytes each URL-encoded, and the short fields.
    { form: "new-lead", schema: staffLeadSchema, maxBytes: 5000 * 9 + 4 * 1024, access: "admin", invalid: text.invalid },
    async ({ value, admin }) => {
      const added = await addStaffLead(context, value, { admin, ip: context.clientIp, requestId: context.requestId });
      return redirectWithToast(context, `/admin/leads/${added.leadId}`, { type: "success", title: text.added(added.reference) });
    },
  );
}

export const clientAction = formClientAction;

/** /admin/leads/new: a lead for a call, a walk-in or a referral. */
export default function LeadNew() {
  return <NewLeadForm />;
}
