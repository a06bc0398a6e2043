/**
 * The one question the extension asks a LinkedIn tab, "what is on this page", and the content script's answer.
 * The background asks with `tabs.sendMessage` only when the user opened the popup or the side panel, or clicked
 * "Read again"; the content script never reads on its own, never scrolls, never fetches.
 */
import { read as readMemberIdProfile } from './member-id-profile';
import type { PageKindId, PageReader } from './page-kind';
import { pageKindOf } from './page-kinds';
import { read as readPeopleSearch } from './people-search';
import { read as readProfile } from './profile';
import type { PagePerson } from './read-people';
import { read as readRecruiterList } from './recruiter-list';
import { read as readRecruiterProfile } from './recruiter-profile';
import { read as readSalesLead } from './sales-lead';
import { read as readSalesPeople } from './sales-people';
import { structureReport } from './structure-report';

/** The request's `type`; nothing else is answered. */
export const READ_PAGE = 'candidate-lens:read-page';

/** The content script's answer: the URL it read, and the people shown there (none on other pages). */
export interface PageRead {
  url: string;
  people: PagePerson[];
  /** How many result cards the page shows, loading ones included (0 on a page of no known kind). */
  cards: number;
  /** The page's structure report (structure-report.ts), when a page of a known kind was not read: no one, or no name. */
  report: string | null;
}

const READERS: Readonly<Record<PageKindId, PageReader>> = {
  profile: readProfile,
  'member-id-profile': readMemberIdProfile,
  'people-search': readPeopleSearch,
  'sales-lead': readSalesLead,
  'sales-people': readSalesPeople,
  'recruiter-profile': readRecruiterProfile,
  'recruiter-list': readRecruiterList,
};

/** What the page at `url` shows now, with its structure report when a page of a known kind was not read. */
export function readPage(document: Document, url: string): PageRead {
  const kind = pageKindOf(url);
  if (kind === null) return { url, people: [], cards: 0, report: null };
  const { people, cards } = READERS[kind.id](document, url);
  const read = kind.list ? people.length > 0 : people[0]?.name != null;
  return { url, people, cards, report: read ? null : structureReport(document, url, kind.id, people.length) };
}

/**
 * The reply to `message` when it is this extension's read request (sender checked against the extension's own id),
 * else undefined: the script answers nothing else.
 */
export function replyToRead(
  message: unknown,
  senderId: string | undefined,
  ownId: string,
  read: () => PageRead,
): PageRead | undefined {
  const isRead = (message as { type?: unknown } | null)?.type === READ_PAGE;
  return isRead && senderId === ownId ? read() : undefined;
}
