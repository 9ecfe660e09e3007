import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { loadSecrets } from './secrets';

let dir: string;
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadSecrets', () => {
  it('generates development secrets once and keeps them in DATA_DIR', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'secrets-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = await loadSecrets(config);
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadSecrets(config)).toEqual(first);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first);
  });

  it('uses APP_SECRET and PHI_ENCRYPTION_KEY from the environment and writes nothing', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'secrets-'));
    const secret = 's'.repeat(40);
    const phiKey = Buffer.alloc(32, 7).toString('base64');
    expect(await loadSecrets(loadConfig({ DATA_DIR: dir, APP_SECRET: secret, PHI_ENCRYPTION_KEY: phiKey }))).toEqual({ appSecret: secret, phiKey });
    await expect(stat(path.join(dir, 'secrets.json'))).rejects.toThrow();
  });

  it('keeps a generated patient-data key beside an APP_SECRET from the environment', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'secrets-'));
    const config = loadConfig({ DATA_DIR: dir, APP_SECRET: 's'.repeat(40) });
    const first = await loadSecrets(config);
    expect(Buffer.from(first.phiKey, 'base64')).toHaveLength(32);
    expect(await loadSecrets(config)).toEqual(first);
    expect(JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8'))).toEqual({ phiKey: first.phiKey });
  });

  it('refuses a PHI_ENCRYPTION_KEY that is not 32 bytes, without echoing it', () => {
    expect(() => loadConfig({ PHI_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(/PHI_ENCRYPTION_KEY must be 32 random bytes in base64/);
    expect(() => loadConfig({ PHI_ENCRYPTION_KEY: 'c2hvcnQ=' })).not.toThrow(/c2hvcnQ/);
  });
});
