import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, portsFor } from './support/ports.js';

/** The lowest port the kernel hands out for `listen(0)` and outgoing connections. */
function ephemeralLow(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 32_768;
  }
}

describe('ports for servers the tests start as processes', () => {
  const held: Server[] = [];
  afterEach(async () => {
    await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('are never ones the kernel could give another test meanwhile, nor the same twice, and skip those in use', async () => {
    const first = await freePort();
    // The port is not bound yet (the server would start now): the next one asked for is another.
    const second = await freePort();
    expect(second).not.toBe(first);
    for (const port of [first, second]) expect(port).toBeLessThan(ephemeralLow());
    // Each worker has a block of a thousand ports of its own.
    expect(Math.floor(second / 1000)).toBe(Math.floor(first / 1000));
    // Something else listens on the next port of the block: it is passed over.
    const busyPort = second + 1 === (Math.floor(second / 1000) + 1) * 1000 ? second - 999 : second + 1;
    const busy = createServer();
    held.push(busy);
    await new Promise<void>((resolve) => busy.listen(busyPort, '127.0.0.1', resolve));
    const third = await freePort();
    expect(third).not.toBe(busyPort);
    expect([first, second]).not.toContain(third);
    // And each one can be listened on.
    const server = createServer();
    held.push(server);
    await new Promise<void>((resolve) => server.listen(third, '127.0.0.1', resolve));
  });

  it("are the server tests' own, never the journeys', which may run at the same time", async () => {
    const journeys = portsFor(1);
    const ours = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    const theirs = await Promise.all(Array.from({ length: 20 }, () => journeys()));
    expect(new Set([...ours, ...theirs]).size).toBe(40);
    // Each side keeps to its own block of a thousand ports, and the two blocks are not one.
    const blocks = (ports: number[]) => [...new Set(ports.map((port) => Math.floor(port / 1000)))];
    expect(blocks(ours)).toHaveLength(1);
    expect(blocks(theirs)).toHaveLength(1);
    expect(blocks(theirs)).not.toEqual(blocks(ours));
    expect(Math.max(...theirs)).toBeLessThan(ephemeralLow());
  });
});
