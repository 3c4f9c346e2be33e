/**
 * Follows redirects like a browser would (keeping cookies per host) until the next hop leaves for
 * `stopAt`, and answers that address. Used to walk through a real provider's sign-in pages.
 */
export async function followUntil(start: string, stopAt: string, maxHops = 10): Promise<string> {
  const jar = new Map<string, Map<string, string>>();
  let url = start;
  for (let hop = 0; hop < maxHops; hop++) {
    if (url.startsWith(stopAt)) return url;
    const host = new URL(url).host;
    const cookies = jar.get(host) ?? new Map<string, string>();
    jar.set(host, cookies);
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`${url} answered ${res.status} without a redirect: ${await res.text()}`);
    url = new URL(location, url).href;
  }
  throw new Error(`No redirect to ${stopAt} after ${maxHops} hops`);
}
