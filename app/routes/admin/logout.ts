/**
 * POST /admin/logout: the back office's Sign Out form, posted by the browser itself (with or without
 * scripts). The session ends as with POST /api/auth/logout (same function, same audit entry), the
 * cookie is cleared, and the browser is sent to the sign-in page. A GET only leads there; another
 * site's page cannot sign the admin out.
 */
import { redirect } from "react-router";
import { z } from "zod";
import { sessionTokenFromCookieHeader } from "~/features/auth/auth.server";
import { authMessages } from "~/features/auth/schema";
import { clearedSessionCookieHeader, signOut } from "~/features/auth/sign-out.server";
import { SIGN_IN_PATH } from "~/lib/paths";
import { postForm } from "~/lib/post.server";
import type { Route } from "./+types/logout";

export function loader() {
  return redirect(SIGN_IN_PATH);
}

export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    // No field: a session that has already ended is signed out all the same.
    { form: "sign-out", schema: z.object({}), maxBytes: 1024, access: "public", messages: { crossSite: authMessages.crossSite } },
    async () => {
      await signOut(context, sessionTokenFromCookieHeader(context.config, request.headers.get("cookie")), context.clientIp);
      return redirect(SIGN_IN_PATH, { status: 303, headers: { "Set-Cookie": clearedSessionCookieHeader(context.config) } });
    },
  );
}
