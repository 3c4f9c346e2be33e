import { createServer } from 'node:net';

/** Ports handed out by `freePort`: a block of its own for each process that runs tests. */
const PORT_BLOCK = 1000;
/**
 * The first port of this process's block. Below the kernel's ephemeral range (32768 and up on Linux), so
 * no `listen(0)` and no outgoing connection is given one. Each vitest worker (VITEST_POOL_ID, unique among
 * the workers alive at once) and the main process (no id: a global setup) has a block of its own.
 */
const FIRST_PORT = 20_000 + Number(process.env.VITEST_POOL_ID ?? 0) * PORT_BLOCK;
/**
 * Where in the block this process starts: at random, so that two test runs on one machine at once (a
 * developer's, beside another) do not walk the same ports in step.
 */
let nextPort = Math.floor(Math.random() * PORT_BLOCK);

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A TCP port on 127.0.0.1 for a server the test is about to start as a process. Asking the kernel for any
 * free port (`listen(0)`) and closing it leaves a gap before the server binds it, in which a test running
 * beside this one can be handed the same port: a journey once spoke to another journey's server (a sign-in
 * answered 401 by a server that had never seen the account). Each process hands out the ports of its own
 * block in turn instead, skipping those in use, so no two tests pick the same port.
 */
export async function freePort(): Promise<number> {
  for (let tried = 0; tried < PORT_BLOCK; tried++) {
    const port = FIRST_PORT + (nextPort++ % PORT_BLOCK);
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port from ${String(FIRST_PORT)} to ${String(FIRST_PORT + PORT_BLOCK - 1)}.`);
}
