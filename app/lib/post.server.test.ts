import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { defaultSite } from "~/content/site-profile";
import { loadConfig } from "~/env.server";
import type { FormAnswer } from "./form";
import { accept, flattenIssues, honeypotFilled, postForm, refuse } from "./post.server";
import { postMessages } from "./post-messages";
import { type Role, roleMessages } from "./roles";

const schema = z.object({ email: z.string().email("Please enter a valid email"), name: z.string().min(1, "Name is required") });

type Options = { crossSite?: boolean; admin?: { id: string; email: string; role: Role } | null; limit?: number };

function context({ crossSite = false, admin = null, limit = 100 }: Options = {}) {
  let hits = 0;
  const info = vi.fn();
  const config = loadConfig({ RATE_LIMIT_FORMS_MAX: String(limit) });
  return {
    info,
    context: {
      config,
      logger: { info, warn: vi.fn(), error: vi.fn() },
      requestId: "req-1",
      clientIp: "203.0.113.9",
      crossSite,
      site: { facts: defaultSite },
      admin: async () => admin,
      limits: { rate: () => ({ max: limit, windowMs: 60_000, hit: async () => (++hits > limit ? 42 : 0) }) },
    } as unknown as AppLoadContext,
  };
}

const post = (body: string, headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" }) =>
  new Request("http://localhost/contact", { method: "POST", headers, body });

/** The answer's body and status, as the route would send them. */
function answerOf(result: unknown): { status: number; answer: FormAnswer; headers: Headers } {
  const value = result as { data: FormAnswer; init: ResponseInit | null };
  return { status: value.init?.status ?? 200, answer: value.data, headers: new Headers(value.init?.headers) };
}

const options = { form: "contact", schema, maxBytes: 1024, access: "public" as const, rateLimit: "forms" as const };

describe("postForm: the guards, in order", () => {
  it("refuses a cross-site post before anything else, unread", async () => {
    const handle = vi.fn();
    const { status, answer } = answerOf(await postForm(post("email=a@b.co&name=A"), context({ crossSite: true }).context, options, handle));
    expect(status).toBe(403);
    expect(answer).toMatchObject({ form: "contact", ok: false, message: postMessages.crossSite });
    expect(handle).not.toHaveBeenCalled();
  });

  it("refuses over the address's budget with Retry-After, before the body is read", async () => {
    const { context: ctx } = context({ limit: 1 });
    await postForm(post("email=a@b.co&name=A"), ctx, options, async () => accept("ok"));
    const { status, answer, headers } = answerOf(await postForm(post("email=a@b.co&name=A"), ctx, options, async () => accept("ok")));
    expect(status).toBe(429);
    expect(headers.get("Retry-After")).toBe("42");
    expect(answer.message).toMatch(/^Too many submissions from your network/);
  });

  it("refuses a body that is not a browser's form (415) and one over the bound (413)", async () => {
    const { context: ctx } = context();
    expect(answerOf(await postForm(post("{}", { "content-type": "application/json" }), ctx, options, vi.fn())).status).toBe(415);
    expect(answerOf(await postForm(post(`name=${"x".repeat(2000)}`), ctx, options, vi.fn())).status).toBe(413);
  });

  it("sends a back-office post without a session to sign in, with the way back", async () => {
    const { context: ctx } = context();
    const request = new Request("http://localhost/admin/jobs.data?x=1", { method: "POST", body: "" });
    const thrown = await postForm(request, ctx, { ...options, access: "admin" }, vi.fn()).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(303);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fjobs%3Fx%3D1");
  });

  it("comes back to the screen's own path when the form was posted from its address with a trailing slash", async () => {
    const { context: ctx } = context();
    const request = new Request("http://localhost/admin/posts/new/_.data", { method: "POST", body: "" });
    const thrown = await postForm(request, ctx, { ...options, access: "admin" }, vi.fn()).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fposts%2Fnew%2F");
  });

  // A back-office form is posted to its screen's path, which the role table names (a path it does not name is nobody's).
  const adminPost = (body: string) =>
    new Request("http://localhost/admin/jobs/add", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });

  it("hands the signed-in admin to the form's step", async () => {
    const admin = { id: "a1", email: "a@agency.example", role: "owner" as const };
    const handle = vi.fn(async () => accept("Saved"));
    await postForm(adminPost("email=a@b.co&name=A"), context({ admin }).context, { ...options, access: "admin" }, handle);
    expect(handle).toHaveBeenCalledWith(expect.objectContaining({ admin, value: { email: "a@b.co", name: "A" } }));
  });

  it("refuses a signed-in account whose role may not use the screen (403), unread by the step", async () => {
    const staff = { id: "s1", email: "s@agency.example", role: "staff" as const };
    const handle = vi.fn();
    const { status, answer } = answerOf(
      await postForm(adminPost("email=a@b.co&name=A"), context({ admin: staff }).context, { ...options, access: "admin" }, handle),
    );
    expect(status).toBe(403);
    expect(answer).toMatchObject({ ok: false, message: roleMessages.forbidden });
    expect(handle).not.toHaveBeenCalled();
  });

  it("answers a filled honeypot like a success, logs it and stores nothing", async () => {
    const { context: ctx, info } = context();
    const handle = vi.fn();
    const honeypot = () => accept("Thank you!");
    const { status, answer } = answerOf(await postForm(post("email=bad&website=spam"), ctx, { ...options, honeypot }, handle));
    expect(status).toBe(200);
    expect(answer).toMatchObject({ ok: true, message: "Thank you!" });
    expect(handle).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ form: "contact" }), "honeypot filled: submission discarded");
  });

  it("refuses what the schema refuses with the spec's toast text and each field's message, values kept", async () => {
    const handle = vi.fn();
    const { status, answer } = answerOf(await postForm(post("email=nope&name="), context().context, options, handle));
    expect(status).toBe(400);
    expect(answer.message).toBe("Please correct the form errors");
    expect(answer.result.error).toMatchObject({ email: ["Please enter a valid email"], name: ["Name is required"] });
    expect(answer.result.initialValue).toMatchObject({ email: "nope" });
    expect(handle).not.toHaveBeenCalled();
  });

  it("answers the step's outcome: accepted empties the form, refused names the field and hides secrets", async () => {
    const { context: ctx } = context();
    const ok = answerOf(
      await postForm(post("email=a@b.co&name=A"), ctx, options, async () => accept("Sent!", "By 9:30", { data: { reference: "R-1" } })),
    );
    expect(ok.answer).toMatchObject({ ok: true, message: "Sent!", detail: "By 9:30", data: { reference: "R-1" } });
    expect(ok.answer.result.initialValue ?? null).toBeNull();

    const no = answerOf(
      await postForm(post("email=a@b.co&name=A"), ctx, { ...options, hideFields: ["name"] }, async () =>
        refuse(409, "Taken", { email: "That email is taken" }),
      ),
    );
    expect(no.status).toBe(409);
    expect(no.answer.result.error).toMatchObject({ email: ["That email is taken"], "": ["Taken"] });
    expect(no.answer.result.initialValue).toEqual({ email: "a@b.co" });
  });

  it("passes a Response (a redirect) through as it is", async () => {
    const redirect = new Response(null, { status: 303, headers: { Location: "/admin/jobs" } });
    expect(await postForm(post("email=a@b.co&name=A"), context().context, options, async () => redirect)).toBe(redirect);
  });

  it("chooses the schema from what was posted", async () => {
    const remove = z.object({ intent: z.literal("delete"), id: z.string().uuid("Unknown item") });
    const handle = vi.fn(async () => accept("Deleted"));
    const pick = (formData: FormData) => (formData.get("intent") === "delete" ? remove : schema);
    const { answer } = answerOf(await postForm(post("intent=delete&id=x"), context().context, { ...options, schema: pick }, handle));
    expect(answer.result.error).toMatchObject({ id: ["Unknown item"] });
  });
});

describe("the shared pieces", () => {
  it("honeypotFilled reads a form or a JSON body", () => {
    const form = new FormData();
    expect(honeypotFilled(form)).toBe(false);
    form.set("website", "  ");
    expect(honeypotFilled(form)).toBe(false);
    form.set("website", "x");
    expect(honeypotFilled(form)).toBe(true);
    expect(honeypotFilled({ website: null })).toBe(false);
    expect(honeypotFilled({ website: 0 })).toBe(true);
    expect(honeypotFilled({})).toBe(false);
  });

  it("flattenIssues keeps the first message per dotted path", () => {
    const parsed = z
      .object({ a: z.string().min(2, "short").email("mail"), b: z.object({ c: z.number("number") }) })
      .safeParse({ a: "x", b: { c: "1" } });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(flattenIssues(parsed.error.issues)).toEqual({ a: "short", "b.c": "number" });
  });
});

describe("postForm: a form with a file input (multipart)", () => {
  const admin = { id: "a1", email: "a@agency.example", role: "owner" as const };
  const withFiles = { ...options, access: "admin" as const, files: { photo: { maxBytes: 1000 } } };
  /**
   * A browser's multipart post of these fields and files, its body as the bytes a server receives (a FormData
   * body's own stream, in Node 24's undici, writes on after a reader cancels it: an unhandled rejection).
   */
  const multipart = async (
    fields: Record<string, string>,
    files: Record<string, { name: string; type: string; bytes: Uint8Array<ArrayBuffer> }> = {},
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, f] of Object.entries(files)) form.append(name, new File([f.bytes], f.name, { type: f.type }));
    const encoded = new Response(form);
    const headers = { "content-type": encoded.headers.get("content-type") ?? "" };
    return new Request("http://localhost/admin/team/new", { method: "POST", headers, body: await encoded.arrayBuffer() });
  };

  it("reads the text fields through the schema and hands the files over, up to their limit", async () => {
    const handle = vi.fn(async () => accept("Saved"));
    const bytes = new Uint8Array(1000).fill(7);
    await postForm(
      await multipart(
        { email: "a@b.co", name: "A" },
        { photo: { name: "me.jpg", type: "image/jpeg", bytes }, other: { name: "x", type: "text/plain", bytes } },
      ),
      context({ admin }).context,
      withFiles,
      handle,
    );
    expect(handle).toHaveBeenCalledTimes(1);
    const [[posted]] = handle.mock.calls as unknown as [[{ value: unknown; files: Record<string, { bytes: Buffer; tooLarge: boolean }> }]];
    expect(posted.value).toEqual({ email: "a@b.co", name: "A" });
    expect(Object.keys(posted.files)).toEqual(["photo"]);
    expect(posted.files.photo).toMatchObject({ filename: "me.jpg", claimedType: "image/jpeg", tooLarge: false });
    expect(Buffer.from(posted.files.photo.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it("marks a file over its limit, keeping only the limit's bytes; leaves an empty file input out", async () => {
    const handle = vi.fn(async () => accept("Saved"));
    await postForm(
      await multipart({ email: "a@b.co", name: "A" }, { photo: { name: "big.jpg", type: "image/jpeg", bytes: new Uint8Array(1500) } }),
      context({ admin }).context,
      withFiles,
      handle,
    );
    await postForm(
      await multipart({ email: "a@b.co", name: "A" }, { photo: { name: "", type: "application/octet-stream", bytes: new Uint8Array(0) } }),
      context({ admin }).context,
      withFiles,
      handle,
    );
    const calls = handle.mock.calls as unknown as [{ files: Record<string, { bytes: Buffer; tooLarge: boolean }> }][];
    expect(calls[0][0].files.photo.tooLarge).toBe(true);
    expect(calls[0][0].files.photo.bytes.length).toBe(1000);
    expect(calls[1][0].files).toEqual({});
  });

  it("refuses a body far over the limits (413) and one that is not multipart a parser can read (400), unread by the step", async () => {
    const handle = vi.fn();
    const huge = await multipart(
      { email: "a@b.co", name: "A" },
      { photo: { name: "big.jpg", type: "image/jpeg", bytes: new Uint8Array(200_000) } },
    );
    expect(answerOf(await postForm(huge, context({ admin }).context, withFiles, handle)).status).toBe(413);
    const broken = new Request("http://localhost/admin/team/new", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--nope',
    });
    expect(answerOf(await postForm(broken, context({ admin }).context, withFiles, handle)).status).toBe(400);
    // A form that takes no files still refuses multipart.
    expect(
      answerOf(
        await postForm(
          await multipart({ email: "a@b.co", name: "A" }),
          context({ admin }).context,
          { ...withFiles, files: undefined },
          handle,
        ),
      ).status,
    ).toBe(415);
    expect(handle).not.toHaveBeenCalled();
  });
});
