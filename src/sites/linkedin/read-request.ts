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

/** The request's `type`; nothing else is answered. */
export const READ_PAGE = 'candidate-lens:read-page';

/** The content script's answer: the URL it read, and the people shown there (none on other pages). */
export interface PageRead {
  url: string;
  people: PagePerson[];
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

/** What the page at `url` shows now. */
export function readPage(root: ParentNode, url: string): PageRead {
  const kind = pageKindOf(url);
  return { url, people: kind === null ? [] : READERS[kind.id](root, url) };
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
