/** How long a picture may take to arrive before the form calls it unreachable. */
const IMAGE_TIMEOUT_MS = 10_000;

/**
 * Whether the admin's own browser can show `src` as a picture. The check runs here, not on the
 * server: the server never fetches an address an admin typed (it could be made to reach
 * internal hosts), and what matters is whether a buyer's browser can show it.
 */
export function imageLoads(src: string, timeoutMs = IMAGE_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    const done = (ok: boolean) => {
      clearTimeout(timer);
      img.onload = null;
      img.onerror = null;
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    // A "picture" of no size (an HTML error page served as an image, say) is no picture.
    img.onload = () => done(img.naturalWidth > 0);
    img.onerror = () => done(false);
    img.src = src;
  });
}
