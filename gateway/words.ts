/**
 * Every sentence the gateway says to a recruiter (through the extension or any client) or to its admin: billing
 * notes, cap refusals, refusals of a key, failures of the service. Plain words, no field names.
 */
import { formatCredits } from '../src/api/pricing';
import type { Retrievable } from '../src/api/schema';
import type { HeldItem } from './vault';

/** An item as a recruiter names it. */
export const ITEM_WORDS: Readonly<Record<Retrievable, string>> = {
  email: 'email',
  phone: 'phone',
  detailed_profile: 'detailed profile',
  healthcare_profile: 'healthcare data',
};

/** "24 Nov 2026, 14:03 UTC". */
export function formatWhen(at: Date): string {
  const day = at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

/** "in 3 h 12 min", "in 5 days". */
export function formatIn(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `in ${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  return `in ${Math.round(hours / 24)} days`;
}

function list(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * The part of a billing note about items answered from the team vault: who revealed each and when, and that it
 * cost nothing. Empty when nothing came from the vault.
 */
export function teamHeldNote(held: readonly HeldItem[]): string {
  const found = held.filter((h) => h.found);
  const missing = held.filter((h) => !h.found);
  const parts: string[] = [];
  if (found.length > 0) {
    const items = found.map((h) => `${ITEM_WORDS[h.item]} (revealed by ${h.by} on ${formatWhen(h.at)})`);
    parts.push(`Already held by your team, no charge: ${list(items)}.`);
  }
  if (missing.length > 0) {
    const items = missing.map((h) => `${ITEM_WORDS[h.item]} (asked by ${h.by} on ${formatWhen(h.at)})`);
    parts.push(`The service had none, known to your team, no charge: ${list(items)}.`);
  }
  return parts.join(' ');
}

/** The billing note of a lookup answered wholly from the team vault. */
export function freeAnswerNote(held: readonly HeldItem[]): string {
  return `No credits charged. ${teamHeldNote(held)}`.trim();
}

/** The billing note of a lookup of a person the service did not find a moment ago. */
export function knownNotFoundNote(at: Date): string {
  return `No credits charged: the service did not find this candidate when your team asked on ${formatWhen(at)}.`;
}

/** A cap refusal, in words: the cap, what counts toward it, when it renews, who can change it. */
export function capRefusalMessage(input: {
  what: string;
  period: 'day' | 'month';
  cap: number;
  spent: number;
  required: number;
  resetsAt: Date;
  now: Date;
  team: string;
}): string {
  const allowance = input.period === 'day' ? 'daily' : 'monthly';
  const used = input.period === 'day' ? 'today' : 'this month';
  return (
    `Not sent: this ${input.what} may cost up to ${formatCredits(input.required)}, which would pass your ${allowance} ` +
    `allowance of ${formatCredits(input.cap)} (${input.spent.toLocaleString('en-US')} used ${used}, counting ` +
    `lookups under way). It renews on ${formatWhen(input.resetsAt)} (${formatIn(
      input.resetsAt.getTime() - input.now.getTime(),
    )}). To raise it, ask the admin of ${input.team}'s gateway.`
  );
}

export const MESSAGES = {
  /** A lookup of a person on the team's do-not-contact list (a member's extension says so before any click). */
  doNotContactLookup:
    "Not looked up: this person is on your team's do-not-contact list. Nothing was charged.",
  /** A send of a person on the team's do-not-contact list. */
  doNotContactSend: "Not sent: this person is on your team's do-not-contact list.",
  /** The member key is missing, unknown or revoked. */
  invalidKey:
    'Invalid or inactive API key: this member key is not known to the team gateway, or was revoked. Ask your team admin for a key.',
  tooLarge: (limit: number) =>
    `The request body is larger than the team gateway accepts (${Math.round(limit / 1024)} KB). Nothing was sent.`,
  internal: 'Internal server error occurred in the team gateway. Nothing was charged.',
  serviceKeyRefused:
    "The team gateway could not use your team's account: the candidate service refused its key. Nothing was charged. Ask your team admin.",
  teamBalance: (what: string, required: number, available: number) =>
    `Not sent: your team's balance is ${formatCredits(available)}, and this ${what} may cost up to ${formatCredits(required)}. Ask your team admin to buy credits.`,
  serviceFailed: (what: string) =>
    `The candidate service had a problem with this ${what}. Nothing was charged; try again in a moment.`,
  rateLimited: (what: string) =>
    `The candidate service is limiting requests; this ${what} was not sent. Try again shortly.`,
  outcomeUnknown: (what: string) =>
    `The candidate service did not give a readable answer to this ${what} in time. It may have been charged; your team's usage report lists it as uncertain. Wait a minute before asking again.`,
  teamRateLimited: (seconds: number) =>
    `Your key asked the team gateway more often than it allows in a minute. Nothing was done; try again in ${seconds} s.`,
  flightTimeout:
    'A teammate is looking up this person right now and the candidate service has not answered yet. Nothing was charged to you; try again in a minute.',
  teammateLost:
    "A teammate's lookup of this person got no readable answer from the candidate service. Nothing was charged to you; try again in a minute.",
} as const;
