/**
 * Sends one image to POST /api/blogs/images from the post screens (the editor and the cover image),
 * and answers the stored image or the server's reason for refusing it. Browser-only.
 */
import { blogAdminMessages } from "./admin-messages";
import type { MediaImage } from "./media";

export const UPLOAD_ENDPOINT = "/api/blogs/images";

/** For the file input's `accept`: what the server takes (it decides by the bytes, not by this). */
export const ACCEPTED_IMAGES = "image/jpeg,image/png,image/webp,image/gif,image/avif";

export type UploadedImage = MediaImage & { url: string };

export async function uploadPostImage(file: File): Promise<{ ok: true; image: UploadedImage } | { ok: false; message: string }> {
  const form = new FormData();
  form.append("file", file, file.name);
  let res: Response;
  try {
    res = await fetch(UPLOAD_ENDPOINT, { method: "POST", body: form, credentials: "same-origin" });
  } catch {
    return { ok: false, message: blogAdminMessages.images.failed };
  }
  const body = (await res.json().catch(() => null)) as { success?: boolean; message?: string; data?: UploadedImage } | null;
  if (res.ok && body?.success && body.data) return { ok: true, image: body.data };
  return { ok: false, message: body?.message || blogAdminMessages.images.failed };
}

/** The first file dropped or pasted, if any: the server decides whether it is an image, and says why not. */
export const firstFile = (files: FileList | null | undefined): File | undefined => files?.[0] ?? undefined;
