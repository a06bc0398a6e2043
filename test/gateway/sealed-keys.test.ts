/**
 * Destination keys at rest: sealed in their rows with the key of `SECRETS_KEY_FILE`, sealed anew on start when kept
 * in clear by an earlier version or sealed with the previous key while rotating; how `send set` is given them; and
 * schema 007, which names the rows' column for what it holds (a destination's settings), on a database in use.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readSecretInputs } from '../../gateway/cli/secret-input';
import { MIGRATIONS, migrate } from '../../gateway/db/migrations';
import type { Member } from '../../gateway/members';
import {
  createSealer,
  isSealed,
  parseSecretsKey,
  resealDestinations,
  sealerFromEnv,
} from '../../gateway/sealed-keys';
import { listDestinations, teamSend } from '../../gateway/sends';
import { ADA, databaseAtVersion, pgliteDatabase, secretFile } from './harness';

const LEVER = {
  id: 'lever',
  label: 'Lever',
  kind: 'lever',
  apiKey: 'lever-key-0c5d1e2f3a4b',
  performAs: 'user-1',
};

describe('destination keys at rest', () => {
  let db: Awaited<ReturnType<typeof pgliteDatabase>>;
  beforeAll(async () => {
    db = await pgliteDatabase();
  });
  afterAll(async () => {
    await db?.dispose();
  });
  beforeEach(async () => {
    await db.query('delete from destinations');
  });
  const rows = () =>
    db.query<{ kind: string; settings: unknown; text: string }>(
      'select kind, settings, settings::text as text from destinations order by kind',
    );
  const keepInClear = (kind: string, settings: unknown) =>
    db.query('insert into destinations (kind, settings) values ($1, $2::text::jsonb)', [
      kind,
      JSON.stringify(settings),
    ]);

  it('seals on start the rows an earlier version kept in clear, and opens them again', async () => {
    await keepInClear('lever', LEVER);
    const sealer = createSealer(randomBytes(32));
    expect(await resealDestinations(db, sealer)).toBe(1);
    const [row] = await rows();
    expect(row!.text).not.toContain(LEVER.apiKey);
    expect(isSealed(row!.settings)).toBe(true);
    expect(sealer.open(row!.settings as never, 'lever')).toEqual(LEVER);
    // Already sealed with the current key: left as it is.
    expect(await resealDestinations(db, sealer)).toBe(0);
  });

  it('rotates: rows sealed with the previous key are sealed with the new one on start', async () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const before = createSealer(oldKey);
    await keepInClear('lever', before.seal(LEVER, 'lever'));
    // The new key alone cannot open what the old one sealed, and says which file it needs.
    const withoutOld = createSealer(newKey);
    const [sealedByOld] = await rows();
    expect(() => withoutOld.open(sealedByOld!.settings as never, 'lever')).toThrow(
      /sealed with a key this gateway was not given \(fingerprint [0-9a-f]{16}\): set SECRETS_KEY_FILE, or SECRETS_PREVIOUS_KEY_FILE/,
    );
    expect(await resealDestinations(db, createSealer(newKey, oldKey))).toBe(1);
    const [after] = await rows();
    expect(withoutOld.open(after!.settings as never, 'lever')).toEqual(LEVER);
  });

  it('a sealed value moved to another kind does not open', async () => {
    const sealer = createSealer(randomBytes(32));
    const sealed = sealer.seal(LEVER, 'lever');
    expect(() => sealer.open(sealed, 'webhook')).toThrow();
  });

  it('without a key, a gateway holding destinations refuses to start, and one holding none starts', async () => {
    expect(await resealDestinations(db, null)).toBe(0);
    await keepInClear('lever', LEVER);
    await expect(resealDestinations(db, null)).rejects.toThrow(
      /^This gateway holds 1 destination\(s\)\. The gateway keeps destination keys sealed with a key of its own: set SECRETS_KEY_FILE/,
    );
  });

  it('reads its key from a file, in base64 or hex, and refuses anything else', () => {
    const key = randomBytes(32);
    const sealer = sealerFromEnv({ SECRETS_KEY_FILE: secretFile(key.toString('base64')) })!;
    const hex = sealerFromEnv({ SECRETS_KEY_FILE: secretFile(key.toString('hex')) })!;
    expect(hex.open(sealer.seal({ a: 1 }, 'x'), 'x')).toEqual({ a: 1 });
    expect(sealerFromEnv({})).toBeNull();
    expect(() => parseSecretsKey('too-short', 'SECRETS_KEY_FILE')).toThrow(/must hold a 32-byte key/);
    expect(() => sealerFromEnv({ SECRETS_KEY_FILE: '/no/such/file' })).toThrow(
      'SECRETS_KEY_FILE: cannot read /no/such/file (ENOENT).',
    );
    expect(() => sealerFromEnv({ SECRETS_PREVIOUS_KEY_FILE: secretFile(key.toString('hex')) })).toThrow(
      /without SECRETS_KEY_FILE/,
    );
  });
});

describe('keys given to send set', () => {
  it('come from a file or from standard input, trimmed', async () => {
    const file = secretFile('lever-key-from-a-file');
    expect(await readSecretInputs(['--key-file', file, '--perform-as', 'x'])).toEqual({
      key: 'lever-key-from-a-file',
    });
    expect(await readSecretInputs([`--url-file=${file}`])).toEqual({ url: 'lever-key-from-a-file' });
    const stdin = Readable.from(['hook-secret-', 'from-a-pipe\n']);
    expect(await readSecretInputs(['--secret-file', '-', '--url-file', file], stdin)).toEqual({
      secret: 'hook-secret-from-a-pipe',
      url: 'lever-key-from-a-file',
    });
  });

  it('an empty or missing file, or two readers of standard input, are refused before anything', async () => {
    await expect(readSecretInputs(['--key-file', secretFile('  ')])).rejects.toThrow(/is empty/);
    await expect(readSecretInputs(['--key-file', '/no/such/file'])).rejects.toThrow(
      '--key-file: cannot read /no/such/file (ENOENT).',
    );
    await expect(
      readSecretInputs(['--url-file', '-', '--secret-file', '-'], Readable.from(['x'])),
    ).rejects.toThrow(/Only one of/);
    await expect(readSecretInputs(['--key-file'])).rejects.toThrow(/needs a file/);
  });
});

describe('schema 007 on a database in use at version 6', () => {
  it("keeps each destination's settings, sealed or in clear, as they were, and the gateway reads them", async () => {
    const db = await databaseAtVersion(6);
    try {
      const sealer = createSealer(randomBytes(32));
      const hook = {
        id: 'webhook',
        label: 'Webhook',
        kind: 'webhook',
        url: 'https://hooks.example.com/candidates',
        secret: 'whsec-7d1f0c2b9a8e',
      };
      // Version 6 kept a destination's settings in `connection`: Lever's sealed, the webhook's in clear (kept by a
      // version before sealing, never started since with a key).
      await db.query(
        `insert into destinations (kind, connection, account, set_at) values
           ('lever', $1::text::jsonb, 'Chandler Bing', '2026-11-02T09:00:00Z'),
           ('webhook', $2::text::jsonb, null, '2026-11-03T10:30:00Z')`,
        [JSON.stringify(sealer.seal(LEVER, 'lever')), JSON.stringify(hook)],
      );
      const before = await db.query(
        'select kind, connection::text as text, account, set_at from destinations order by kind',
      );
      expect(await migrate(db, MIGRATIONS, 7)).toEqual([7]);
      expect(
        await db.query(
          'select kind, settings::text as text, account, set_at from destinations order by kind',
        ),
      ).toEqual(before);
      expect(await listDestinations(db)).toEqual([
        { kind: 'lever', label: 'Lever', account: 'Chandler Bing', setAt: new Date('2026-11-02T09:00:00Z') },
        { kind: 'webhook', label: 'Webhook', setAt: new Date('2026-11-03T10:30:00Z') },
      ]);
      // The start's sealing finds the webhook's settings in clear under their new name, and seals them.
      expect(await resealDestinations(db, sealer)).toBe(1);
      const [, webhook] = await db.query<{ settings: unknown }>(
        'select settings from destinations order by kind',
      );
      expect(sealer.open(webhook!.settings as never, 'webhook')).toEqual(hook);
      // A send opens Lever's settings (the sentence names the destination from them) before finding nobody held.
      await expect(
        teamSend({ db, sealer }, { id: 1, name: 'Alice Smith' } as Member, 'lever', { socialUrl: ADA }),
      ).rejects.toThrow(
        "Your team's gateway holds no email or phone for this person, so nothing was sent to Lever. Reveal them with the team's account first.",
      );
    } finally {
      await db.dispose();
    }
  });
});
