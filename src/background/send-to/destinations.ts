/**
 * Saving, checking and removing the destinations contacts are sent to. Each is checked with a free call before it
 * is kept (Lever's user list, Ashby's key info, HubSpot's account details, a signed test delivery to a webhook); the
 * page asked for the host permission on the same click. One destination of each kind: its id is its kind, so
 * "Send to Lever" means one thing on every screen.
 */
import { refuse, refuseNow } from '../../protocol/result';
import { cardOf, DESTINATION_LABELS, type DestinationSettings, settle } from '../../send/destinations';
import { type AshbySource, ashbySources } from '../../send/destinations/ashby';
import { type LeverUser, leverUsers } from '../../send/destinations/lever';
import { generateWebhookSecret } from '../../send/destinations/webhook';
import { SendError } from '../../send/errors';
import { dropDestination, keepDestination, savedDestination } from '../../send/saved';
import { type DestinationHint, destinationHints } from '../../store/items/destination-hints';
import { maskKey } from '../../store/secrets/api-key';
import { maskAddress } from '../../store/secrets/mask-address';
import { asApiError } from './send-error';

export type DestinationInput =
  | {
      kind: 'lever';
      apiKey: string;
      performAs: string;
      postingId?: string | undefined;
      baseUrl?: string | undefined;
    }
  | { kind: 'ashby'; apiKey: string; sourceId?: string | undefined; baseUrl?: string | undefined }
  | { kind: 'hubspot'; token: string; baseUrl?: string | undefined }
  | { kind: 'greenhouse'; clientId: string; clientSecret: string; baseUrl?: string | undefined }
  | {
      kind: 'workable';
      token: string;
      subdomain: string;
      shortcode?: string | undefined;
      baseUrl?: string | undefined;
    }
  | { kind: 'webhook'; url: string };

/** Runs a destination's call, its failure turned into the shape the UI reads. */
async function speaking<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    throw asApiError(error);
  }
}

const noSpaces = (value: string, what: string) => {
  const trimmed = value.trim();
  if (trimmed === '') throw refuse(`Enter the ${what}.`);
  if (/\s/.test(trimmed)) throw refuse(`The ${what} must not contain spaces.`);
  return trimmed;
};

/** Lever's active users for a key, to choose whom candidates are added as; also proves the key (free). */
export function listLeverUsers(input: {
  apiKey: string;
  baseUrl?: string | undefined;
}): Promise<LeverUser[]> {
  const apiKey = noSpaces(input.apiKey, 'Lever API key');
  return speaking(() => leverUsers({ apiKey, ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}) }));
}

/** Ashby's active sources for a key, to choose the one candidates are created with (free, optional). */
export function listAshbySources(input: {
  apiKey: string;
  baseUrl?: string | undefined;
}): Promise<AshbySource[]> {
  const apiKey = noSpaces(input.apiKey, 'Ashby API key');
  return speaking(() => ashbySources({ apiKey, ...(input.baseUrl ? { baseUrl: input.baseUrl } : {}) }));
}

function hintOf(settings: DestinationSettings, account: string | undefined): DestinationHint {
  const shown = (
    cardOf(settings.kind).shown as (c: DestinationSettings) => { key: string } | { address: string }
  )(settings);
  // A webhook's address is as secret as a key: the pages see its host and last characters.
  const masked = 'key' in shown ? maskKey(shown.key) : maskAddress(shown.address);
  return {
    id: settings.id,
    kind: settings.kind,
    label: settings.label,
    ...(account ? { account } : {}),
    masked,
    checkedAt: new Date().toISOString(),
  };
}

async function keepHint(hint: DestinationHint): Promise<void> {
  await destinationHints.update((hints) => {
    // While a team's destination of this kind is used, the one saved here is kept under it, unused.
    const team = hints.find((h) => h.id === hint.id && h.team !== undefined);
    const { id: _id, kind: _kind, ...own } = hint;
    return [...hints.filter((h) => h.id !== hint.id), team ? { ...team, kept: own } : hint];
  });
}

/** What the check of a new destination learnt: its settings as kept, and the name of whom it acts as. */
async function checked(
  settings: DestinationSettings,
): Promise<{ settings: DestinationSettings; account?: string }> {
  try {
    return await settle(settings);
  } catch (error) {
    // A receiver that verifies signatures refuses the test until it is given the secret, which is made here and
    // shown only once this is saved: that refusal proves the address answers, which is what the check is for.
    const unsigned = error instanceof SendError && (error.kind === 'bad-key' || error.kind === 'forbidden');
    if (settings.kind === 'webhook' && unsigned) return { settings, account: 'waiting for its secret' };
    throw error;
  }
}

/**
 * Checks a destination with a free call and keeps it only if that works. A webhook gets a new signing secret,
 * answered here once: the page shows it, and nothing shows it again.
 */
export async function saveDestination(
  input: DestinationInput,
): Promise<{ destination: DestinationHint; secret?: string }> {
  const base = { id: input.kind, label: DESTINATION_LABELS[input.kind] };
  const at = (baseUrl: string | undefined) => (baseUrl?.trim() ? { baseUrl: baseUrl.trim() } : {});
  let settings: DestinationSettings;
  switch (input.kind) {
    case 'lever':
      settings = {
        ...base,
        kind: 'lever',
        apiKey: noSpaces(input.apiKey, 'Lever API key'),
        performAs: noSpaces(input.performAs, 'Lever user'),
        ...(input.postingId?.trim() ? { postingId: input.postingId.trim() } : {}),
        ...at(input.baseUrl),
      };
      break;
    case 'ashby':
      settings = {
        ...base,
        kind: 'ashby',
        apiKey: noSpaces(input.apiKey, 'Ashby API key'),
        ...(input.sourceId?.trim() ? { sourceId: input.sourceId.trim() } : {}),
        ...at(input.baseUrl),
      };
      break;
    case 'hubspot':
      settings = {
        ...base,
        kind: 'hubspot',
        token: noSpaces(input.token, 'HubSpot access token'),
        ...at(input.baseUrl),
      };
      break;
    case 'greenhouse':
      settings = {
        ...base,
        kind: 'greenhouse',
        clientId: noSpaces(input.clientId, 'Greenhouse client ID'),
        clientSecret: noSpaces(input.clientSecret, 'Greenhouse client secret'),
        ...at(input.baseUrl),
      };
      break;
    case 'workable': {
      const subdomain = noSpaces(input.subdomain, 'Workable account').toLowerCase();
      // The account's address is its subdomain of workable.com: nothing else is taken for it.
      if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(subdomain))
        throw refuse('The Workable account is the first part of its address: "acme" for acme.workable.com.');
      settings = {
        ...base,
        kind: 'workable',
        token: noSpaces(input.token, 'Workable access token'),
        subdomain,
        ...(input.shortcode?.trim() ? { shortcode: noSpaces(input.shortcode, 'Workable job') } : {}),
        ...at(input.baseUrl),
      };
      break;
    }
    case 'webhook':
      settings = {
        ...base,
        kind: 'webhook',
        url: noSpaces(input.url, 'webhook address'),
        secret: generateWebhookSecret(),
      };
      break;
  }
  const result = await speaking(() => checked(settings));
  await keepDestination(result.settings);
  const destination = hintOf(result.settings, result.account);
  await keepHint(destination);
  return {
    destination,
    ...(result.settings.kind === 'webhook' ? { secret: result.settings.secret } : {}),
  };
}

/** Checks a saved destination again (free) and says whom it acts as. */
export async function checkDestination(id: string): Promise<DestinationHint> {
  const settings = await savedDestination(id);
  if (!settings) throw refuseNow('This destination is no longer saved. Add it again in Send to.');
  const result = await speaking(() => checked(settings));
  const hint = hintOf(settings, result.account);
  await keepHint(hint);
  return hint;
}

/** Forgets a destination saved here and its key (also one kept under a team's of its kind). What was sent to it stays marked on the contacts. */
export async function removeDestination(id: string): Promise<void> {
  await dropDestination(id);
  // A team's destination of the same kind stays: only the one kept here under it goes.
  await destinationHints.update((hints) =>
    hints.flatMap((hint) => {
      if (hint.id !== id) return [hint];
      if (hint.team === undefined) return [];
      const { kept: _kept, ...team } = hint;
      return [team];
    }),
  );
}
