/**
 * GET /api/fmcsa/carrier/:dot: what FMCSA's record can fill in on /quote (docs/decisions/063). Public,
 * counted per address with the forms' numbers (RATE_LIMIT_FORMS_MAX per RATE_LIMIT_FORMS_WINDOW_MINUTES)
 * on a budget of its own, so looking a number up never uses a form's submissions. The number is
 * checked (1 to 8 digits) before anything is asked; without FMCSA_WEB_KEY the endpoint answers 404.
 */
import { Hono } from "hono";
import { withPhone } from "~/content/site-facts";
import { fmcsaMessages } from "~/features/fmcsa/messages";
import { DOT_PATTERN, prefillOffers } from "~/features/fmcsa/record";
import { postMessages } from "~/lib/post-messages";
import { clientIp } from "../client-info";
import type { AppServices } from "../context";
import { answerRefusal, apiError, apiRateLimit } from "../http";

const m = fmcsaMessages.api;

export function fmcsaRoutes(services: AppServices) {
  const { config } = services;
  const limiter = services.limits.rate("fmcsa-lookups", config.RATE_LIMIT_FORMS_MAX, config.RATE_LIMIT_FORMS_WINDOW_MINUTES * 60_000);
  return new Hono().get("/fmcsa/carrier/:dot", async (c) => {
    c.header("Cache-Control", "private, no-store");
    const fmcsa = services.fmcsa;
    if (!fmcsa) return apiError(c, 404, m.off);
    const dot = c.req.param("dot");
    if (dot.length > 8 || !DOT_PATTERN.test(dot)) return apiError(c, 400, m.invalidDot, { dot: m.invalidDot });
    const refused = await apiRateLimit(services, c, [
      {
        limiter,
        key: (ctx) => clientIp(ctx, config.TRUST_PROXY),
        message: () => withPhone(services.site.current().facts, postMessages.tooManyRequests),
      },
    ]);
    if (refused) return answerRefusal(c, refused);
    const result = await fmcsa.lookup.lookup(dot);
    if (result.status === "not_found") return apiError(c, 404, m.notFound(dot));
    if (result.status !== "found") return apiError(c, 503, m.unavailable);
    return c.json({
      success: true,
      message: m.found(dot),
      data: { dotNumber: result.record.dotNumber, fields: prefillOffers(result.record) },
    });
  });
}
