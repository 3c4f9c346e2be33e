import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT, startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    screenshotDir: string;
  }
}

export default async function setup(project: TestProject) {
  const screenshotDir = path.join(REPO_ROOT, 'e2e', 'screenshots');
  await rm(screenshotDir, { recursive: true, force: true });
  await mkdir(screenshotDir, { recursive: true });
  // Every journey registers its people from this one machine's address.
  const server = await startServer({ REGISTRATIONS_PER_HOUR: '1000' });
  project.provide('baseUrl', server.url);
  project.provide('screenshotDir', screenshotDir);
  console.info(`[e2e] server at ${server.url}; screenshots are saved to ${screenshotDir}`);
  return async () => {
    const code = await server.stop();
    await rm(server.dataDir, { recursive: true, force: true });
    if (code !== 0) console.warn(`[e2e] the server exited with code ${code}:\n${server.output()}`);
    console.info(`[e2e] screenshots: ${screenshotDir}`);
  };
}
