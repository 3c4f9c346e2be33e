/**
 * The Redis of the suites that need one (TEST_REDIS_URL). Without it, those suites are skipped, and this
 * says which and why, so that a run on a machine with no Redis never passes them silently.
 */
export function redisForTests(suite: string): string | undefined {
  const url = process.env.TEST_REDIS_URL;
  if (!url) console.warn(`[test] ${suite} skipped: TEST_REDIS_URL is not set, so no Redis is there to test against.`);
  return url;
}
