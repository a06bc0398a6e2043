/**
 * Custody of the API key: the secrets' database (`secrets.ts`), out of reach of content scripts. Only the background
 * imports this module (its API client is the key's one reader). Its names are in `keys.ts` with every other stored
 * name.
 */
import { SECRETS } from './keys';
import { deleteSecret, readSecret, writeSecret } from './secrets';

/** The stored key, or null when none is set. */
export async function getApiKey(): Promise<string | null> {
  const value = await readSecret(SECRETS.apiKey);
  return typeof value === 'string' && value !== '' ? value : null;
}

export const setApiKey = (apiKey: string): Promise<void> => writeSecret(SECRETS.apiKey, apiKey);

export const removeApiKey = (): Promise<void> => deleteSecret(SECRETS.apiKey);

/** A form of the key safe to show: its last four characters. */
export function maskKey(apiKey: string): string {
  const tail = apiKey.length > 8 ? apiKey.slice(-4) : '';
  return `••••••••${tail}`;
}
