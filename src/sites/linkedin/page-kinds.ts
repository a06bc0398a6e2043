/** Every LinkedIn page kind Candidate Lens understands, and which one a URL is. */
import { memberIdProfile } from './member-id-profile';
import type { PageKind } from './page-kind';
import { peopleSearch } from './people-search';
import { profile } from './profile';
import { recruiterList } from './recruiter-list';
import { recruiterProfile } from './recruiter-profile';
import { salesLead } from './sales-lead';
import { salesPeople } from './sales-people';
import { linkedInUrl } from './url';

/** Every kind, in the order URLs are matched against them. */
export const PAGE_KINDS: readonly PageKind[] = [
  profile,
  memberIdProfile,
  peopleSearch,
  salesLead,
  salesPeople,
  recruiterProfile,
  recruiterList,
];

/** The kind of page `input` is (a URL as shown or pasted), or null for any other page. */
export function pageKindOf(input: string): PageKind | null {
  const url = linkedInUrl(input);
  return url === null ? null : (PAGE_KINDS.find((kind) => kind.matches(url)) ?? null);
}
