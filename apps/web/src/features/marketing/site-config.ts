/** Settings of the public pages, taken from the build environment (VITE_* variables). */

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** YouTube id of the demo video. Unset means the landing page says the video is coming soon. */
export const DEMO_VIDEO_ID: string | undefined = nonEmpty(import.meta.env.VITE_DEMO_VIDEO_ID);

/** Where the source code lives; the About page's author link and the Contact page point here. */
export const SOURCE_URL: string = nonEmpty(import.meta.env.VITE_SOURCE_URL) ?? 'https://github.com/openmat-app/openmat';

/** The address for questions and data requests. */
export const CONTACT_EMAIL: string = nonEmpty(import.meta.env.VITE_CONTACT_EMAIL) ?? 'hello@openmat.app';

/** YouTube's privacy-enhanced player, the only third party the public pages ever load, and only on request. */
export function demoVideoEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1`;
}

/** An address as people read it: no scheme, no trailing slash. */
export function displayUrl(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/$/, '');
}
