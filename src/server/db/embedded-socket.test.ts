import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socketFolderFor } from './embedded';

describe.skipIf(process.platform === 'win32')('where the embedded cluster makes its socket', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'carerelay-socket-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('is its data folder when a socket can be made there, leaving nothing behind', async () => {
    expect(await socketFolderFor(root, 54329)).toBe(root);
    expect(await socketFolderFor(path.relative(process.cwd(), root), 54329)).toBe(root);
    expect(await readdir(root)).toEqual([]);
  });

  it('is none (TCP alone) where no socket can be made, the path is too long, or the name has a comma', async () => {
    const file = path.join(root, 'not-a-folder');
    await writeFile(file, '');
    expect(await socketFolderFor(file, 54329)).toBeUndefined();
    expect(await socketFolderFor(path.join(root, 'x'.repeat(100)), 54329)).toBeUndefined();
    expect(await socketFolderFor(path.join(root, 'a,b'), 54329)).toBeUndefined();
  });
});
