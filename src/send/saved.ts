/**
 * The saved destinations (Lever, Ashby, HubSpot, webhooks), each with its key, token or signing secret: kept in the
 * secrets' database beside the API key, read by the background alone. Here rather than in `src/store/`: a saved
 * destination is read with each destination's own settings schema, and the store knows no destination. What the pages may know of them (a name, the
 * account the check found, never a key) is `destination-hints.ts`, in `storage.local`, so every screen hears of a
 * destination added or removed.
 */
import * as z from 'zod/mini';
import { SECRETS } from '../store/items/keys';
import { serialized } from '../store/lock';
import { readSecret, writeSecret } from '../store/secrets/secrets';
import { DestinationSettings } from './destinations';

const Saved = z.array(DestinationSettings);

/** Every saved destination; a stored value that no longer reads gives none (it is never sent to). */
export async function savedDestinations(): Promise<DestinationSettings[]> {
  const parsed = z.safeParse(Saved, await readSecret(SECRETS.destinations));
  return parsed.success ? parsed.data : [];
}

export async function savedDestination(id: string): Promise<DestinationSettings | undefined> {
  return (await savedDestinations()).find((settings) => settings.id === id);
}

/** Adds or replaces (by id) one destination, in turn with every other change to the list. */
export function keepDestination(settings: DestinationSettings): Promise<void> {
  return serialized('destinations', async () => {
    const others = (await savedDestinations()).filter((saved) => saved.id !== settings.id);
    await writeSecret(SECRETS.destinations, [...others, settings]);
  });
}

export function dropDestination(id: string): Promise<void> {
  return serialized('destinations', async () => {
    const kept = (await savedDestinations()).filter((saved) => saved.id !== id);
    await writeSecret(SECRETS.destinations, kept);
  });
}
