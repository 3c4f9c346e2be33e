import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../src/config.js';

const defaults = { cwd: '/srv/openmat', webDistDir: 'apps/web/dist' };

describe('configuration', () => {
  it('needs nothing set: port 8080, every interface, ./data, SQLite', () => {
    const config = loadConfig({}, defaults);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('/srv/openmat/data'),
      databaseUrl: undefined,
      tokenSigningKey: undefined,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, defaults)).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it('reads the variables it is given', () => {
    const config = loadConfig(
      { PORT: '3000', HOST: '127.0.0.1', DATA_DIR: '/var/lib/openmat', DATABASE_URL: 'postgres://u@db:5432/openmat' },
      defaults,
    );
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: '/var/lib/openmat',
      databaseUrl: 'postgres://u@db:5432/openmat',
    });
  });

  it('fails fast and names every bad variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db/openmat', TOKEN_SIGNING_KEY: 'short' }, defaults);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/PORT: .*"eighty"/);
    expect(message).toMatch(/DATABASE_URL: must be a postgres/);
    expect(message).toMatch(/TOKEN_SIGNING_KEY: must be at least 32 characters/);
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' }, defaults)).toThrow(/PORT/);
  });
});

describe('the README', () => {
  it('documents every setting the server reads, and no setting it does not read', () => {
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration'));
    const documented = [...(section ?? '').matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((match) => match[1]);
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
