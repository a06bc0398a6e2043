/**
 * The team's destination keys (Lever, Ashby and HubSpot keys, a webhook's address and signing secret) are kept in the
 * database sealed: AES-256-GCM under a key the gateway reads from a file (`SECRETS_KEY_FILE`), never from the
 * database, so a dump, a backup or a read-only database account shows no key. Node's own `crypto` does the cipher
 * (no home-made one); the row's kind is bound in as additional data, so Lever's sealed settings cannot be passed off
 * as the webhook's.
 *
 * Rotation: the previous key's file in `SECRETS_PREVIOUS_KEY_FILE`, the new one in `SECRETS_KEY_FILE`; on start every
 * row sealed with the previous key (or kept in clear by a version before sealing) is sealed again with the new one
 * ({@link resealDestinations}). Each sealed value names its key by a short fingerprint, never the key.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Database } from './db/database';

/** The stored form of a sealed value: a JSON object, so it stays in the existing `jsonb` column. */
export interface SealedValue {
  sealed: 'aes-256-gcm';
  /** Which key sealed it: the first 16 hex characters of its SHA-256. */
  key: string;
  iv: string;
  data: string;
  tag: string;
}

export interface Sealer {
  /** The fingerprint of the key new values are sealed with. */
  readonly current: string;
  seal(value: unknown, context: string): SealedValue;
  /** The value, or an error saying which key is missing. */
  open(sealed: SealedValue, context: string): unknown;
  /** Whether `sealed` was sealed with the current key. */
  isCurrent(sealed: SealedValue): boolean;
}

export const isSealed = (value: unknown): value is SealedValue =>
  typeof value === 'object' && value !== null && (value as { sealed?: unknown }).sealed === 'aes-256-gcm';

const fingerprint = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);

/** A key file's 32 bytes: base64 (as `openssl rand -base64 32` writes it) or 64 hex characters. */
export function parseSecretsKey(text: string, where: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) {
    throw new Error(
      `${where} must hold a 32-byte key, in base64 or hex (make one with: openssl rand -base64 32 > FILE).`,
    );
  }
  return key;
}

/** A sealer over the current key and, while rotating, the previous one. */
export function createSealer(current: Buffer, previous: Buffer | null = null): Sealer {
  const keys = new Map<string, Buffer>([[fingerprint(current), current]]);
  if (previous) keys.set(fingerprint(previous), previous);
  const currentId = fingerprint(current);
  return {
    current: currentId,
    seal(value, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return {
        sealed: 'aes-256-gcm',
        key: currentId,
        iv: iv.toString('base64'),
        data: data.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
      };
    },
    open(sealed, context) {
      const key = keys.get(sealed.key);
      if (!key) {
        throw new Error(
          `A destination key is sealed with a key this gateway was not given (fingerprint ${sealed.key}): set SECRETS_KEY_FILE, or SECRETS_PREVIOUS_KEY_FILE while rotating, to the file that holds it.`,
        );
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      const text = Buffer.concat([
        decipher.update(Buffer.from(sealed.data, 'base64')),
        decipher.final(),
      ]).toString('utf8');
      return JSON.parse(text);
    },
    isCurrent: (sealed) => sealed.key === currentId,
  };
}

function readKeyFile(variable: string, file: string): Buffer {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `${variable}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
  return parseSecretsKey(text, `${variable} (${file})`);
}

/** The sealer `SECRETS_KEY_FILE` (and `SECRETS_PREVIOUS_KEY_FILE`) give, or null when none is set. */
export function sealerFromEnv(env: NodeJS.ProcessEnv): Sealer | null {
  const file = env.SECRETS_KEY_FILE?.trim();
  const previousFile = env.SECRETS_PREVIOUS_KEY_FILE?.trim();
  if (!file) {
    if (previousFile)
      throw new Error('SECRETS_PREVIOUS_KEY_FILE is set without SECRETS_KEY_FILE (the new key).');
    return null;
  }
  return createSealer(
    readKeyFile('SECRETS_KEY_FILE', file),
    previousFile ? readKeyFile('SECRETS_PREVIOUS_KEY_FILE', previousFile) : null,
  );
}

/** What a gateway without `SECRETS_KEY_FILE` says when a destination key would be kept or used. */
export const NO_SECRETS_KEY =
  'The gateway keeps destination keys sealed with a key of its own: set SECRETS_KEY_FILE to a file holding one (make it with: openssl rand -base64 32 > FILE; readable by the gateway alone).';

/**
 * Seals every destination row not sealed with the current key: kept in clear by an earlier version, or sealed with
 * the previous key while rotating. Returns how many rows changed. Without a sealer, refuses when any row holds a
 * key: a gateway that cannot read or seal its keys must not start as if it could.
 */
export async function resealDestinations(db: Database, sealer: Sealer | null): Promise<number> {
  // Rows locked while they are sealed again: instances starting together, or a `send set` meanwhile, wait.
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ kind: string; settings: unknown }>(
      'select kind, settings from destinations order by kind for update',
    );
    if (rows.length === 0) return 0;
    if (!sealer) throw new Error(`This gateway holds ${rows.length} destination(s). ${NO_SECRETS_KEY}`);
    let changed = 0;
    for (const row of rows) {
      if (isSealed(row.settings) && sealer.isCurrent(row.settings)) continue;
      const clear = isSealed(row.settings) ? sealer.open(row.settings, row.kind) : row.settings;
      await tx.query('update destinations set settings = $2::text::jsonb where kind = $1', [
        row.kind,
        JSON.stringify(sealer.seal(clear, row.kind)),
      ]);
      changed++;
    }
    return changed;
  });
}
