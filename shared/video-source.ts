/**
 * What the configured demo video (DEMO_VIDEO_URL) is: a YouTube or Vimeo page,
 * played in the provider's privacy-friendly embed, or a video file played by
 * our own <video> element.
 */
export type VideoSource =
  | { kind: "embed"; provider: "youtube" | "vimeo"; embedUrl: string }
  | { kind: "file"; src: string };

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const YOUTUBE_ID = /^[\w-]{6,20}$/;
const VIMEO_ID = /^\d{3,15}$/;

export function parseVideoSource(value: string | null | undefined): VideoSource | null {
  const text = value?.trim();
  if (!text) return null;
  if (text.startsWith("/") && !text.startsWith("//")) return { kind: "file", src: text };

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;

  const youtubeId = youtubeVideoId(url);
  if (youtubeId) {
    // youtube-nocookie sets no cookies until the visitor plays the video.
    return {
      kind: "embed",
      provider: "youtube",
      embedUrl: `https://www.youtube-nocookie.com/embed/${youtubeId}?autoplay=1&rel=0`,
    };
  }
  const vimeoId = vimeoVideoId(url);
  if (vimeoId) {
    return { kind: "embed", provider: "vimeo", embedUrl: `https://player.vimeo.com/video/${vimeoId}?autoplay=1&dnt=1` };
  }
  if (url.hostname === "youtu.be" || YOUTUBE_HOSTS.has(url.hostname) || url.hostname.endsWith("vimeo.com")) return null;
  return { kind: "file", src: url.href };
}

function youtubeVideoId(url: URL): string | undefined {
  let id: string | undefined;
  if (url.hostname === "youtu.be") id = url.pathname.split("/")[1];
  else if (YOUTUBE_HOSTS.has(url.hostname)) {
    const [first, second] = url.pathname.split("/").filter(Boolean);
    if (first === "watch") id = url.searchParams.get("v") ?? undefined;
    else if (first === "embed" || first === "shorts" || first === "live") id = second;
  }
  return id && YOUTUBE_ID.test(id) ? id : undefined;
}

function vimeoVideoId(url: URL): string | undefined {
  if (url.hostname !== "vimeo.com" && url.hostname !== "www.vimeo.com" && url.hostname !== "player.vimeo.com") {
    return undefined;
  }
  const id = url.pathname
    .split("/")
    .filter(Boolean)
    .find((part) => VIMEO_ID.test(part));
  return id;
}
