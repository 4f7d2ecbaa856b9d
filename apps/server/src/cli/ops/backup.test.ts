import { spawn } from 'node:child_process';
import { existsSync, openAsBlob } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupMain } from '../backup';
import { restoreMain } from '../restore';
import { loadConfig } from '../../config/env';
import { openDatabase, queryRows, type Database } from '../../db/client';
import { acquireDataDirLock, LOCK_FILE_NAME } from '../../db/lock';
import { LocalStorage } from '../../storage/local-storage';
import { buildTemplateDump } from '../../test/db';
import { createBackup, readManifest, restoreBackup, MANIFEST_FILE } from './backup';
import { countRows, listStoredFiles } from './inventory';
import { seedSmallWorld } from './small-world.test-helper';

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
let root: string;
let dataDir: string;
let seededRows: Record<string, number>;

async function openOnDisk(dir: string, template?: Blob): Promise<Database> {
  return openDatabase({ dataDir: path.join(dir, 'db'), loadDataDir: template });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'otakura-backup-'));
  dataDir = path.join(root, 'data');
  const template = await openAsBlob(await buildTemplateDump());
  const database = await openOnDisk(dataDir, template);
  try {
    await seedSmallWorld(database);
    seededRows = await countRows(database.db);
  } finally {
    await database.close();
  }
  const storage = new LocalStorage(path.join(dataDir, 'files'));
  await storage.put('post-images/u1/a-640.webp', Buffer.from('image bytes'), {
    contentType: 'image/webp',
  });
  await storage.put('avatars/u2/b.webp', Buffer.alloc(70_000, 7), { contentType: 'image/webp' });
  await storage.put('media/m1/empty.txt', Buffer.alloc(0), { contentType: 'text/plain' });
  // An upload in progress is no object: it is left out.
  await mkdir(path.join(dataDir, 'files', '.tmp'), { recursive: true });
  await writeFile(path.join(dataDir, 'files', '.tmp', 'half-written'), 'partial');
  await writeFile(path.join(dataDir, 'auth-secret'), 'a-secret-the-sessions-depend-on');
}, 120_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('npm run backup / restore (embedded database)', () => {
  it('back up a seeded data folder and restore it into an empty one with every row and file', async () => {
    const out = path.join(root, 'backup-1');
    const { manifest } = await createBackup({ dataDir, out });
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false); // released
    expect(manifest.rows).toEqual(seededRows);
    expect(manifest.rows).toMatchObject({ users: 3, posts: 1, comments: 3, orders: 1, media: 1 });
    expect(manifest.migrations.applied).toBeGreaterThan(0);
    expect(manifest.files).toMatchObject({ count: 3, bytes: 11 + 70_000 });
    expect(manifest.extra).toEqual(['auth-secret']);
    expect(await readManifest(out)).toEqual(manifest);

    const target = path.join(root, 'restored');
    await restoreBackup({ backup: out, dataDir: target });
    const restored = await openOnDisk(target);
    try {
      expect(await countRows(restored.db)).toEqual(seededRows);
      const [media] = await queryRows<{ search_text: string }>(
        restored.db,
        sql`SELECT search_text FROM media`,
      );
      expect(media!.search_text).toContain('mecha');
    } finally {
      await restored.close();
    }
    expect(await listStoredFiles(path.join(target, 'files'))).toEqual(
      await listStoredFiles(path.join(dataDir, 'files')),
    );
    // The sidecars come too, so the files route still knows each type; the .tmp leftover does not.
    const storage = new LocalStorage(path.join(target, 'files'));
    expect(await storage.head('avatars/u2/b.webp')).toMatchObject({
      size: 70_000,
      contentType: 'image/webp',
    });
    expect(existsSync(path.join(target, 'files', '.tmp', 'half-written'))).toBe(false);
    expect(await readFile(path.join(target, 'auth-secret'), 'utf8')).toBe(
      'a-secret-the-sessions-depend-on',
    );
    expect(existsSync(path.join(target, LOCK_FILE_NAME))).toBe(false);
  }, 120_000);

  it('refuse, naming the server, while another process holds the data folder (the CLI, exit 1)', async () => {
    const release = await acquireDataDirLock(dataDir); // this process plays the running server
    try {
      const out = path.join(root, 'backup-while-running');
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/cli/backup.ts', '--data-dir', dataDir, '--out', out],
        {
          cwd: serverDir,
          stdio: ['ignore', 'pipe', 'pipe'],
          // The embedded database, even in the PostgreSQL run (empty counts as unset).
          env: { ...process.env, DATABASE_URL: '' },
        },
      );
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(output).toContain(`Another Otakura server (pid ${process.pid}) is using`);
      expect(output).toContain('Stop the server first');
      expect(code).toBe(1);
      expect(existsSync(out)).toBe(false);
      expect((await readdir(root)).filter((n) => n.includes('.partial-'))).toEqual([]);
    } finally {
      await release();
    }
  }, 60_000);

  it('refuse to restore into a folder that is not empty, and change nothing there', async () => {
    const target = path.join(root, 'busy');
    await mkdir(target, { recursive: true });
    await writeFile(path.join(target, 'keep.txt'), 'mine');
    await expect(
      restoreBackup({ backup: path.join(root, 'backup-1'), dataDir: target }),
    ).rejects.toThrow(/is not empty/);
    expect(await readdir(target)).toEqual(['keep.txt']);
  });

  it('refuse a backup whose file no longer matches the manifest, leaving the target empty', async () => {
    const damaged = path.join(root, 'backup-damaged');
    await createBackup({ dataDir, out: damaged });
    await unlink(path.join(damaged, 'files', 'post-images', 'u1', 'a-640.webp'));
    const target = path.join(root, 'restore-damaged');
    await mkdir(target);
    await expect(restoreBackup({ backup: damaged, dataDir: target })).rejects.toThrow(
      /post-images\/u1\/a-640\.webp: missing/,
    );
    expect(await readdir(target)).toEqual([]);
    await rm(path.join(damaged, MANIFEST_FILE));
    await expect(restoreBackup({ backup: damaged, dataDir: target })).rejects.toThrow(
      /not a complete Otakura backup/,
    );
  }, 120_000);

  it('print the pg_dump / pg_restore commands instead when DATABASE_URL is set (exit 2, nothing written)', async () => {
    const config = {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
      databaseUrl: 'postgres://otakura@db.invalid/otakura',
    };
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => lines.push(line);
    try {
      const out = path.join(root, 'pg-backup');
      expect(await backupMain(['--out', out], config)).toBe(2);
      expect(await restoreMain([path.join(root, 'backup-1')], config)).toBe(2);
      expect(existsSync(out)).toBe(false);
    } finally {
      console.log = log;
    }
    expect(lines.join('\n')).toContain('pg_dump --format=custom');
    expect(lines.join('\n')).toContain('pg_restore --no-owner');
  });
});
