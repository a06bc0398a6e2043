/**
 * What the pages may know of the destinations contacts can be sent to: those saved here (`destinations.ts` keeps
 * them, keys and all, for the background alone) with a name, the account the check found and a masked key, and those
 * a team gateway holds the keys of (`team`). In `storage.local`, so every screen hears of a destination added or
 * removed.
 */
import * as z from 'zod/mini';
import { destinationHintsV2 } from './destination-hints-2';
import { defineStored } from './item';
import { KEYS } from './keys';

export const DESTINATION_KINDS = ['lever', 'ashby', 'hubspot', 'greenhouse', 'workable', 'webhook'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];

/** A destination as the pages see it. */
export const DestinationHint = z.object({
  id: z.string(),
  kind: z.enum(DESTINATION_KINDS),
  /** Its name on every screen: "Lever", or "Webhook (hooks.example.com)". */
  label: z.string(),
  /** Who or what the key acts as, when the check said ("Chandler Bing", an account number). */
  account: z.optional(z.string()),
  /** The key's last characters, or the webhook's host and last characters; empty for a team's destination. */
  masked: z.string(),
  checkedAt: z.string(),
  /**
   * The team whose gateway holds this destination's key: contacts are sent through the gateway, and this computer
   * holds no key for it. Absent for a destination saved here.
   */
  team: z.optional(z.string()),
  /**
   * On a team's destination: the one of the same kind saved here before, kept on this computer (its key in
   * `destinations.ts`) but not used while the gateway sends to that kind. It comes back when the team's goes, and
   * the user may remove it meanwhile. Optional, so hints stored before it read the same.
   */
  kept: z.optional(
    z.object({
      label: z.string(),
      account: z.optional(z.string()),
      masked: z.string(),
      checkedAt: z.string(),
    }),
  ),
});
export type DestinationHint = z.infer<typeof DestinationHint>;

export const destinationHints = defineStored({
  key: KEYS.destinationHints,
  schema: z.array(DestinationHint),
  fallback: [],
  label: 'destinations',
  version: 2,
  migrations: { 2: destinationHintsV2 },
});

/**
 * Puts the destinations a team gateway holds (none when the service connection is not a gateway) in place of the
 * team's earlier ones. A team's destination takes the place of one of the same kind saved here (one "Send to Lever"),
 * which rides on it as `kept`, still the user's to remove, and is shown again when the team no longer holds that
 * kind.
 */
export async function showTeamDestinations(
  team: string | null,
  held: readonly { kind: DestinationKind; label: string; account?: string | undefined }[],
): Promise<void> {
  const checkedAt = new Date().toISOString();
  await destinationHints.update((hints) => {
    const kept = new Map<string, NonNullable<DestinationHint['kept']>>();
    for (const hint of hints) {
      if (hint.team === undefined) {
        const { id, kind: _kind, team: _team, kept: _kept, ...own } = hint;
        kept.set(id, own);
      } else if (hint.kept) kept.set(hint.id, hint.kept);
    }
    const taken = team === null ? [] : held.map((d) => d.kind as string);
    const own: DestinationHint[] = [...kept]
      .filter(([id]) => !taken.includes(id))
      .map(([id, k]) => ({ id, kind: id as DestinationKind, ...k }));
    const teams: DestinationHint[] =
      team === null
        ? []
        : held.map((d) => {
            const local = kept.get(d.kind);
            return {
              id: d.kind,
              kind: d.kind,
              label: d.label,
              ...(d.account ? { account: d.account } : {}),
              masked: '',
              checkedAt,
              team,
              ...(local ? { kept: local } : {}),
            };
          });
    return [...own, ...teams];
  });
}
