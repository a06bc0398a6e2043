/**
 * The options page's "Send to": the saved destinations (as the pages may know them, without keys), and adding one.
 * Each is checked by the background with a free call before it is kept; the host permission of its address is asked
 * for on the same click (browsers show a permission prompt only during a click).
 */
import { signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { originPattern } from '../../api/base-url';
import type { ApiErrorJSON } from '../../api/errors';
import {
  ASHBY_BASE_URL,
  GREENHOUSE_AUTH_URL,
  GREENHOUSE_BASE_URL,
  HUBSPOT_BASE_URL,
  LEVER_BASE_URL,
} from '../../send/addresses';
import type { AshbySource } from '../../send/destinations/ashby';
import type { LeverUser } from '../../send/destinations/lever';
import { type DestinationKind, destinationHints } from '../../store/items/destination-hints';
import { stored } from '../helpers/use-stored';
import { call } from '../rpc';
import { destinationWorks } from './words';

/** Each vendor's own address; Workable's is the account's (`<account>.workable.com`), from the form. */
const DEFAULT_ADDRESS: Record<Exclude<DestinationKind, 'webhook' | 'workable'>, string> = {
  lever: LEVER_BASE_URL,
  ashby: ASHBY_BASE_URL,
  hubspot: HUBSPOT_BASE_URL,
  greenhouse: GREENHOUSE_BASE_URL,
};

/**
 * The host permission an address needs, or null when it is not a web address. Without its port: a match pattern
 * covers every port of its host, and Firefox would otherwise ask again for a loopback address the build holds.
 */
export function permissionFor(address: string): string | null {
  try {
    const url = new URL(address.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? originPattern(url.origin) : null;
  } catch {
    return null;
  }
}

export function createSendSettingsModel() {
  const saved = stored([], destinationHints.get, destinationHints.watch);
  /** The kind being added, or null while no form is open. */
  const adding = signal<DestinationKind | null>(null);
  const key = signal('');
  /** Greenhouse's client id, given with its secret (the secret goes in the key field). */
  const clientId = signal('');
  /** Workable's account (its subdomain) and the job candidates go to (empty: the talent pool). */
  const subdomain = signal('');
  const shortcode = signal('');
  /** A different service address (a regional or self-hosted API, the local demo servers); empty for the vendor's. */
  const address = signal('');
  const webhookUrl = signal('');
  const users = signal<LeverUser[] | null>(null);
  const performAs = signal('');
  const posting = signal('');
  /** Ashby's sources, once asked for (optional: candidates are created without a source otherwise). */
  const sources = signal<AshbySource[] | null>(null);
  const sourceId = signal('');
  const busy = signal(false);
  const error = signal<ApiErrorJSON | string | null>(null);
  /** A webhook's signing secret, shown once after it is saved. */
  const secret = signal<string | null>(null);
  const notice = signal<string | null>(null);

  function start(kind: DestinationKind | null) {
    adding.value = kind;
    key.value = '';
    clientId.value = '';
    subdomain.value = '';
    shortcode.value = '';
    address.value = '';
    webhookUrl.value = '';
    users.value = null;
    performAs.value = '';
    posting.value = '';
    sources.value = null;
    sourceId.value = '';
    error.value = null;
    secret.value = null;
    notice.value = null;
  }

  /** Asks for the address's host permission; false (with the reason said) when it is refused or unusable. */
  async function allow(kind: DestinationKind): Promise<boolean> {
    const target =
      kind === 'webhook'
        ? webhookUrl.value
        : address.value.trim() ||
          (kind === 'workable'
            ? `https://${subdomain.value.trim().toLowerCase()}.workable.com`
            : DEFAULT_ADDRESS[kind]);
    const origin = permissionFor(target);
    if (!origin) {
      error.value = `"${target}" is not a web address. It starts with https://.`;
      return false;
    }
    // Greenhouse's tokens come from its auth host, asked for on the same click (a different address serves both).
    const origins =
      kind === 'greenhouse' && !address.value.trim()
        ? [origin, permissionFor(GREENHOUSE_AUTH_URL) as string]
        : [origin];
    const granted = await browser.permissions.request({ origins }).catch(() => false);
    if (!granted)
      error.value = `Permission to reach ${new URL(target).host} was not granted. Try again and allow it.`;
    return granted;
  }

  const baseUrl = () => (address.value.trim() ? { baseUrl: address.value.trim() } : {});

  /** Lever's first step: the key proves itself by listing the users candidates can be added as. */
  async function findLeverUsers() {
    error.value = null;
    if (!key.value.trim()) {
      error.value = 'Enter the Lever API key.';
      return;
    }
    if (!(await allow('lever'))) return;
    busy.value = true;
    const result = await call('listLeverUsers', { apiKey: key.value.trim(), ...baseUrl() });
    busy.value = false;
    if (!result.ok) {
      error.value = result.error;
      return;
    }
    users.value = result.value;
    performAs.value = result.value[0]?.id ?? '';
  }

  /** Ashby's optional step: its sources, to choose the one candidates are created with. */
  async function findAshbySources() {
    error.value = null;
    if (!key.value.trim()) {
      error.value = 'Enter the Ashby API key.';
      return;
    }
    if (!(await allow('ashby'))) return;
    busy.value = true;
    const result = await call('listAshbySources', { apiKey: key.value.trim(), ...baseUrl() });
    busy.value = false;
    if (!result.ok) {
      error.value = result.error;
      return;
    }
    sources.value = result.value;
    sourceId.value = '';
  }

  function input() {
    switch (adding.value) {
      case 'lever':
        return {
          kind: 'lever' as const,
          apiKey: key.value.trim(),
          performAs: performAs.value,
          ...(posting.value.trim() ? { postingId: posting.value.trim() } : {}),
          ...baseUrl(),
        };
      case 'ashby':
        return {
          kind: 'ashby' as const,
          apiKey: key.value.trim(),
          ...(sourceId.value ? { sourceId: sourceId.value } : {}),
          ...baseUrl(),
        };
      case 'hubspot':
        return { kind: 'hubspot' as const, token: key.value.trim(), ...baseUrl() };
      case 'greenhouse':
        return {
          kind: 'greenhouse' as const,
          clientId: clientId.value.trim(),
          clientSecret: key.value.trim(),
          ...baseUrl(),
        };
      case 'workable':
        return {
          kind: 'workable' as const,
          token: key.value.trim(),
          subdomain: subdomain.value.trim(),
          ...(shortcode.value.trim() ? { shortcode: shortcode.value.trim() } : {}),
          ...baseUrl(),
        };
      case 'webhook':
        return { kind: 'webhook' as const, url: webhookUrl.value.trim() };
      default:
        return null;
    }
  }

  async function save() {
    const kind = adding.value;
    const typed = input();
    if (!kind || !typed) return;
    error.value = null;
    if (kind !== 'webhook' && !key.value.trim()) {
      error.value =
        kind === 'hubspot'
          ? 'Enter the access token.'
          : kind === 'greenhouse'
            ? 'Enter the client secret.'
            : kind === 'workable'
              ? 'Enter the access token.'
              : 'Enter the API key.';
      return;
    }
    if (kind === 'workable' && !/^[a-z0-9-]+$/i.test(subdomain.value.trim())) {
      error.value = 'Enter the Workable account: acme for acme.workable.com.';
      return;
    }
    if (kind === 'greenhouse' && !clientId.value.trim()) {
      error.value = 'Enter the client ID.';
      return;
    }
    if (kind === 'webhook' && !webhookUrl.value.trim()) {
      error.value = 'Enter the address to send to.';
      return;
    }
    if (!(await allow(kind))) return;
    busy.value = true;
    const result = await call('saveDestination', typed);
    busy.value = false;
    if (!result.ok) {
      error.value = result.error;
      return;
    }
    start(null);
    secret.value = result.value.secret ?? null;
    notice.value = `${result.value.destination.label} is ready: revealed contacts now offer "Send to ${result.value.destination.label}".`;
  }

  async function check(id: string) {
    notice.value = null;
    error.value = null;
    const result = await call('checkDestination', { id });
    if (!result.ok) error.value = result.error;
    else notice.value = destinationWorks(result.value.label);
  }

  async function remove(id: string) {
    notice.value = null;
    error.value = null;
    secret.value = null;
    const result = await call('removeDestination', { id });
    if (!result.ok) error.value = result.error;
  }

  return {
    saved: saved.value,
    adding,
    key,
    clientId,
    subdomain,
    shortcode,
    address,
    webhookUrl,
    users,
    performAs,
    posting,
    sources,
    sourceId,
    busy,
    error,
    secret,
    notice,
    start,
    findLeverUsers,
    findAshbySources,
    save,
    check,
    remove,
  };
}
