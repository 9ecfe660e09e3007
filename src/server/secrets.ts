import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config';

export interface Secrets {
  /** Signs sessions and tokens; later issues derive their keys from it. */
  appSecret: string;
  /** The AES-256-GCM key for patient details, base64 (32 bytes). */
  phiKey: string;
}

const isPhiKey = (value: unknown): value is string => typeof value === 'string' && Buffer.from(value, 'base64').length === 32;

/**
 * Production takes its secrets from the environment (the config refuses to start without them).
 * Development generates them once and keeps them in DATA_DIR, so sessions survive a restart and no
 * developer has to invent a key.
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  if (config.appSecret && config.phiEncryptionKey) return { appSecret: config.appSecret, phiKey: config.phiEncryptionKey };
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as Partial<Secrets>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const kept = {
    appSecret: typeof stored.appSecret === 'string' && stored.appSecret.length >= 32 ? stored.appSecret : undefined,
    phiKey: isPhiKey(stored.phiKey) ? stored.phiKey : undefined,
  };
  const secrets: Secrets = {
    appSecret: config.appSecret ?? kept.appSecret ?? randomBytes(32).toString('base64url'),
    // A key once used must never be replaced: patient details sealed with it would be lost.
    phiKey: config.phiEncryptionKey ?? kept.phiKey ?? randomBytes(32).toString('base64'),
  };
  // Only generated values are kept in the file; values from the environment stay there.
  const toKeep = {
    appSecret: config.appSecret ? undefined : secrets.appSecret,
    phiKey: config.phiEncryptionKey ? undefined : secrets.phiKey,
  };
  if (toKeep.appSecret === kept.appSecret && toKeep.phiKey === kept.phiKey) return secrets;
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(toKeep, null, 2), { mode: 0o600 });
  return secrets;
}
