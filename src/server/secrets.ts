import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

export interface Secrets {
  /** Signs sessions and tokens; later issues derive their keys from it. */
  appSecret: string;
}

/**
 * Production takes its secrets from the environment (the config refuses to start without them).
 * Development generates them once and keeps them in DATA_DIR, so sessions survive a restart and no
 * developer has to invent a key.
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  if (config.appSecret) return { appSecret: config.appSecret };
  const file = path.join(config.dataDir, 'secrets.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<Secrets>;
    if (typeof stored.appSecret === 'string' && stored.appSecret.length >= 32) {
      return { appSecret: stored.appSecret };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets: Secrets = { appSecret: randomBytes(32).toString('base64url') };
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
