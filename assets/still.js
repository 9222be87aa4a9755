// An embed's still picture: the table at the link's position, carried in the link itself
// (`still=`: the SVG deflated and in base64url, written by the embed builder, see
// farfalia/ui/embeds.py) and shown as an image until Python draws the live table. An SVG
// shown as an image runs no script and loads nothing, so the picture needs no sanitising.

const BASE64URL = /^[A-Za-z0-9_-]{1,8000}$/;  // at most MAX_STILL (farfalia/ui/links.py)

/** Show the still picture of `fragment` (a link without its "#") in `holder` in place of
 *  `waiting`, unless the link has none or Python has drawn the live table meanwhile
 *  (`holder` then no longer holds `waiting`). True if the picture is shown. */
export async function showStill(fragment, holder, waiting) {
  const still = new URLSearchParams(fragment).get("still");
  if (!still || !BASE64URL.test(still) || !("DecompressionStream" in globalThis)) return false;
  try {
    const bytes = Uint8Array.from(atob(still.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    const svg = await new Response(inflated).blob();
    if (!holder.contains(waiting)) return false;
    const image = new Image();
    image.className = "still";
    image.alt = "The diagram, until it can be stepped through";
    image.onerror = () => image.replaceWith(waiting);  // a damaged picture, or a host's policy refusing it
    image.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    waiting.replaceWith(image);
    return true;
  } catch {
    return false;  // not base64 or not deflated: the embed keeps its outline until Python draws
  }
}
