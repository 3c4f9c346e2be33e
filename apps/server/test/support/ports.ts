import { createServer } from 'node:net';

/** Ports a process hands out: a block of its own for each process of a suite. */
const PORT_BLOCK = 1000;
/** The blocks of one suite: its main process (no VITEST_POOL_ID: a global setup) and up to five workers. */
const SUITE_BLOCKS = 6;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * The ports a suite's tests give the servers they start as processes. Asking the kernel for any free port
 * (`listen(0)`) and closing it leaves a gap before the server binds it, in which a test running beside this
 * one can be handed the same port: a journey once spoke to another journey's server (a sign-in answered 401
 * by a server that had never seen the account). Each process hands out the ports of its own block in turn
 * instead, skipping those in use:
 * - the block is `suite`'s (the server's tests and the journeys each have one: `npm test` may run them in two
 *   lanes at once), and within it the process's: VITEST_POOL_ID, unique among a run's workers alive at once;
 * - every block lies below the kernel's ephemeral range (32768 and up on Linux), so no `listen(0)` and no
 *   outgoing connection is given one of its ports;
 * - it starts at a random place in its block, so that two runs of one suite on one machine at once (a
 *   developer's, beside another) do not walk the same ports in step.
 */
export function portsFor(suite: 0 | 1): () => Promise<number> {
  const pool = Number(process.env.VITEST_POOL_ID ?? 0);
  if (!(pool < SUITE_BLOCKS))
    throw new Error(`Ports are kept for ${String(SUITE_BLOCKS - 1)} workers, not ${String(pool)}.`);
  const first = 20_000 + (suite * SUITE_BLOCKS + pool) * PORT_BLOCK;
  let next = Math.floor(Math.random() * PORT_BLOCK);
  return async () => {
    for (let tried = 0; tried < PORT_BLOCK; tried++) {
      const port = first + (next++ % PORT_BLOCK);
      if (await canListen(port)) return port;
    }
    throw new Error(`No free port from ${String(first)} to ${String(first + PORT_BLOCK - 1)}.`);
  };
}

/** A TCP port on 127.0.0.1 for a server one of the server's tests is about to start as a process. */
export const freePort = portsFor(0);
