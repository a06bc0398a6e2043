/**
 * The service connection: base URL and key, the client built from them, and the balance. The only place that
 * reads the key to make calls.
 */
import { checkBaseUrl } from '../api/base-url';
import { type ApiClient, type ClientOptions, createClient } from '../api/client';
import { ApiError } from '../api/errors';
import { refuse, refuseNotSetUp } from '../protocol/result';
import { type AccountSnapshot, account, keyHint } from '../store/items/account';
import { settings } from '../store/items/settings';
import { teamMembership } from '../store/items/team-membership';
import { getApiKey, maskKey, removeApiKey, setApiKey } from '../store/secrets/api-key';
import { recordAccountBalance } from './balance-settlement';
import { callsInFlight } from './paid-call-gate';
import { recordMembership, refreshMembership } from './team/team';

/** Why a new service connection is refused while a paid call is under way, with what to do. */
export const SWITCH_WHILE_PAYING =
  'A paid lookup or search is under way. Save the new connection when it has finished (pause a bulk reveal first).';

/** A client for the saved service connection; refuses when no key is set, before any request. */
export async function connectedClient(retry?: ClientOptions['retry']): Promise<ApiClient> {
  const apiKey = await getApiKey();
  if (!apiKey) {
    throw refuseNotSetUp('No API key is saved yet. Enter your API key in Options.');
  }
  const { baseUrl } = await settings.get();
  return createClient({ baseUrl, apiKey, ...(retry ? { retry } : {}) });
}

/** Records the balance a response reported. Lifetime purchases are only known from the account endpoint. */
export function recordBalance(remaining: number): Promise<void> {
  return account.update((previous) => ({
    remaining,
    purchased: previous?.purchased ?? null,
    checkedAt: new Date().toISOString(),
  }));
}

/**
 * A refusal for too few credits says the balance (`available`): recorded like any balance the service reports, so
 * the balance on screen agrees with the refusal beside it and what it still allows is judged on the real figure.
 */
export async function recordRefusedBalance(error: unknown): Promise<void> {
  if (!(error instanceof ApiError) || error.kind !== 'insufficient-credits' || !error.creditsInfo) return;
  await recordBalance(error.creditsInfo.available).catch((failure) =>
    console.warn('Could not record the balance', failure),
  );
}

/** `otherAccount`: the balance is of a connection other than the one the ledger's calls were made through. */
async function fetchAccount(client: ApiClient, otherAccount = false): Promise<AccountSnapshot> {
  const response = await client.account();
  const snapshot: AccountSnapshot = {
    remaining: response.credits_remaining,
    purchased: response.credits_purchased,
    checkedAt: new Date().toISOString(),
  };
  await account.set(snapshot);
  await recordAccountBalance(snapshot.remaining, snapshot.checkedAt, otherAccount);
  return snapshot;
}

/**
 * Validates a base URL and key with GET /v1/account (free) and saves them only if the service accepts them.
 * Without a new key, the stored one is checked against the (possibly new) base URL. Then asks whether the
 * connection is a team gateway (`GET /v1/team/me`, free) and stores the membership, or that there is none.
 */
export async function saveConnection(input: {
  baseUrl: string;
  apiKey?: string | undefined;
}): Promise<AccountSnapshot> {
  const checked = checkBaseUrl(input.baseUrl);
  if (!checked.ok) throw refuse(checked.message);
  const { baseUrl } = checked;
  const newKey = input.apiKey?.trim();
  if (newKey !== undefined && newKey === '') throw refuse('The API key is empty.');
  if (newKey !== undefined && /\s/.test(newKey)) throw refuse('The API key must not contain spaces.');
  const savedKey = await getApiKey();
  const apiKey = newKey ?? savedKey;
  if (!apiKey) throw refuse('Enter your API key.');
  const previous = await settings.get();
  // Another address or key may be another account (a personal key for a team's, one team's for another's): its
  // balance says nothing of the calls made through the old one, so those with no answer are never settled from it.
  const switching = baseUrl !== previous.baseUrl || apiKey !== savedKey;
  // A call under way would be answered, or lost, on one connection and settled on the other's balance.
  if (switching && callsInFlight() > 0) throw refuse(SWITCH_WHILE_PAYING);

  const snapshot = await fetchAccount(createClient({ baseUrl, apiKey }), switching);
  // A team gateway answers its free `team/me` too; the service itself does not (404), and nothing changes then.
  await recordMembership(baseUrl, apiKey, newKey === undefined && previous.baseUrl === baseUrl);
  await settings.set({ ...previous, baseUrl });
  if (newKey !== undefined) {
    await setApiKey(newKey);
    await keyHint.set({ masked: maskKey(newKey) });
  }
  return snapshot;
}

/** Refreshes the balance from the service (costs nothing), and a team member's allowance and spend. */
export async function refreshAccount(): Promise<AccountSnapshot> {
  const snapshot = await fetchAccount(await connectedClient());
  await refreshMembership().catch((error) => console.warn('Could not refresh the team membership', error));
  return snapshot;
}

/** Forgets the key (and the balance it showed). Revealed contacts stay in the vault. */
export async function forgetKey(): Promise<void> {
  await removeApiKey();
  await keyHint.set(null);
  await account.set(null);
  await teamMembership.set(null);
}
