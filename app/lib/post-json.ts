/** Posts JSON to our API; succeeds only on an OK status with `success: true`. */
export type PostResult = { ok: true; data: Record<string, unknown> } | { ok: false; message?: string; errors?: Record<string, string> };

export async function postJson(url: string, body: unknown): Promise<PostResult> {
  try {
    const res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.ok && data.success === true) return { ok: true, data };
    return {
      ok: false,
      message: typeof data.message === "string" ? data.message : undefined,
      errors: (data.errors as Record<string, string>) ?? undefined,
    };
  } catch {
    return { ok: false };
  }
}
