/**
 * The link as an absolute http(s) URL, or null. Search results come from other services; a `javascript:`
 * or relative link must never reach an href or an iframe.
 */
export function safeUrl(link: string): string | null {
  try {
    const url = new URL(link.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
