/**
 * The people a LinkedIn tab shows, with what the vault already holds for each. Read only when the user asks (the
 * popup or side panel opened, or "Read again"): the background asks the tab's content script, and trusts nothing it
 * says. The page kind comes from the tab's own URL, every public profile URL is re-canonicalised here, and a person
 * without one is kept as "needs the public profile URL" (it can never be sent to the service).
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { isRevealed } from '../domain/revealed';
import { refuseNow } from '../protocol/result';
import { PageReadReply } from '../protocol/schemas';
import type { PagePeople, PersonOnPage } from '../protocol/shapes';
import type { PageKindId } from '../sites/linkedin/page-kind';
import { pageKindOf } from '../sites/linkedin/page-kinds';
import { PAGE_WORDS } from '../sites/linkedin/page-words';
import { READ_PAGE } from '../sites/linkedin/read-request';
import { profileUrl } from '../sites/linkedin/url';
import { vault } from '../store/database/vault/vault';
import { tabProfiles } from '../store/items/tabs';
import { noticeJobChanges } from './send-to/job-change';

/** Pages a person's `pageUrl` may point to: the ones where their public URL can be found. */
const PERSON_PAGES: ReadonlySet<PageKindId> = new Set([
  'member-id-profile',
  'sales-lead',
  'recruiter-profile',
]);

/** Asks tab `tabId` what it shows, and looks each person up in the vault. */
export async function readTabPeople(tabId: number): Promise<PagePeople> {
  const readAt = new Date().toISOString();
  const tab = await browser.tabs.get(tabId).catch(() => null);
  if (!tab) throw refuseNow('That tab is closed: open the LinkedIn page again.');
  const kind = tab.url ? pageKindOf(tab.url) : null;
  if (kind === null) {
    return {
      kind: null,
      list: false,
      label: null,
      toResolve: null,
      people: [],
      problem: null,
      report: null,
      readAt,
    };
  }
  const words = PAGE_WORDS[kind.id];
  const read = kind.id === 'profile' ? await profileOf(tabId, tab.url!) : await askTab(tabId, kind.id);
  // What the page shows of each held person's job, against what was revealed (free, the page's own words).
  await noticeJobChanges(read.people).catch((error) =>
    console.warn('Could not compare the page with the contacts held', error),
  );
  const seen = new Set<string>();
  const people: PersonOnPage[] = [];
  for (const person of read.people) {
    if (person.socialUrl !== null) {
      if (seen.has(person.socialUrl)) continue;
      seen.add(person.socialUrl);
    }
    const record = person.socialUrl ? await vault.find({ socialUrl: person.socialUrl }) : null;
    people.push({ ...person, record, revealed: isRevealed(record) });
  }
  const problem = kind.list
    ? people.length > 0
      ? null
      : read.cards > 0
        ? 'not-shown'
        : 'unread'
    : people[0]?.name
      ? null
      : 'unread';
  return {
    kind: kind.id,
    list: kind.list,
    label: words.label,
    toResolve: words.toResolve,
    people,
    problem,
    // A report is only ever shown beside a problem.
    report: problem ? read.report : null,
    readAt,
  };
}

type ReadPerson = Omit<PersonOnPage, 'record' | 'revealed'>;

/** What a tab's page shows, as the background keeps it. */
interface TabRead {
  people: ReadPerson[];
  cards: number;
  report: string | null;
}

/**
 * A `/in/` profile is its URL, and its name the hint the tab reported. The page is asked for its place (the tab's
 * report carries no place, and the contact revealed from here keeps it, as one from a search row does), and for the
 * name when the tab reported none (it may have rendered since, or LinkedIn changed it: then its report is wanted).
 */
async function profileOf(tabId: number, url: string): Promise<TabRead> {
  const seen = await tabProfiles.get(tabId);
  const person: ReadPerson = {
    name: seen?.nameHint ?? null,
    headline: seen?.headlineHint ?? null,
    location: null,
    socialUrl: profileUrl(url),
    pageUrl: null,
  };
  // A tab that cannot answer still shows a profile revealable by its URL.
  const asked = await askTab(tabId, 'profile').catch(() => null);
  const shown = asked?.people[0];
  return {
    people: [
      {
        ...person,
        name: person.name ?? shown?.name ?? null,
        headline: person.headline ?? shown?.headline ?? null,
        location: shown?.location ?? null,
      },
    ],
    cards: 1,
    report: person.name === null ? (asked?.report ?? null) : null,
  };
}

async function askTab(tabId: number, kind: PageKindId): Promise<TabRead> {
  let reply: unknown;
  try {
    reply = await browser.tabs.sendMessage(tabId, { type: READ_PAGE }, { frameId: 0 });
  } catch {
    // No content script there: the tab was opened before the extension was installed or reloaded.
    throw refuseNow('Candidate Lens cannot read this tab yet: reload the LinkedIn page, then try again.');
  }
  const parsed = z.safeParse(PageReadReply, reply);
  if (!parsed.success) throw refuseNow('The page could not be read: reload it, then try again.');
  // The page changed kind between the question and the answer (LinkedIn navigates in place): read it again.
  if (pageKindOf(parsed.data.url)?.id !== kind)
    throw refuseNow('The page changed while it was read: read it again.');
  const people = parsed.data.people.map((person) => ({
    name: person.name,
    headline: person.headline,
    location: person.location,
    socialUrl: person.publicUrl ? profileUrl(person.publicUrl) : null,
    pageUrl: personPage(person.pageUrl),
  }));
  return { people, cards: parsed.data.cards, report: parsed.data.report };
}

/** A person's page as the tab named it, kept only when it is a LinkedIn page of a kind that names one person. */
function personPage(url: string | null): string | null {
  if (url === null) return null;
  const kind = pageKindOf(url);
  if (kind === null || !PERSON_PAGES.has(kind.id)) return null;
  const parsed = new URL(url);
  return parsed.protocol === 'https:' ? parsed.origin + parsed.pathname : null;
}
