/**
 * What the popup says about the people on the tab's LinkedIn page: on a list (search results, Sales Navigator or
 * Recruiter lists) its people with their status and a bulk reveal of the ticked ones (see page-list.tsx); on a Sales Navigator lead or Recruiter profile, the person, and whether the page shows the public
 * profile URL a reveal needs.
 */

import { openSidePanel } from '../../side-panel';
import { pagePeopleIntent } from '../../store/items/panel';
import { PageNotRead } from '../components/page-not-read';
import type { PopupModel } from './model';
import { PageList } from './page-list';

/** Opens the side panel on the people of `tabId`. The panel opens first: it needs the click's user gesture. */
function openPeople(tabId: number) {
  openSidePanel({ tabId }).catch(() => undefined);
  void pagePeopleIntent.set({ tabId, at: new Date().toISOString() });
}

/**
 * A list page's count and the way to the side panel; an unresolved person's way to the public URL; a page not read
 * said so, with its report to copy, instead of "0 people".
 */
export function PagePeopleSummary({ m }: { m: PopupModel }) {
  const page = m.page.value;
  const tabId = m.tabId.value;
  if (!page && m.pageError.value) {
    return <p class="notice">{m.pageError.value.message}</p>;
  }
  if (!page || tabId === null) return null;
  // A person read without a name keeps their way to the public URL below; nothing read at all is this alone.
  const notRead = <PageNotRead page={page} again="open Candidate Lens again" />;
  if (page.problem && (page.list || page.people.length === 0 || page.kind === 'profile')) {
    return (
      <section class="page-people" aria-label="Reading this page">
        {notRead}
        {page.list && (
          <button type="button" onClick={() => openPeople(tabId)}>
            Read it again in the side panel
          </button>
        )}
      </section>
    );
  }
  if (page.list) return <PageList m={m} onOpenPanel={() => openPeople(tabId)} />;
  const person = m.pagePerson.value;
  if (!person || person.socialUrl !== null) return page.problem ? notRead : null;
  return (
    <section class="page-people" aria-labelledby="page-person-name">
      {notRead}
      <h2 id="page-person-name">{person.name ?? page.label}</h2>
      {person.headline && <p class="muted">{person.headline}</p>}
      <p data-testid="needs-public-url">
        Needs the public profile URL: this {page.label} does not show it, so nothing can be revealed here yet.{' '}
        {page.toResolve}
      </p>
    </section>
  );
}

/** The one person of a lead or Recruiter profile page, once the page shows their public profile URL. */
export function PagePersonHeading({ m }: { m: PopupModel }) {
  const person = m.pagePerson.value;
  if (!person?.socialUrl) return null;
  return (
    <>
      <h2 id="profile-name">{person.name ?? m.record.value?.name ?? 'LinkedIn profile'}</h2>
      {person.headline && <p class="muted">{person.headline}</p>}
      <p class="url">{person.socialUrl}</p>
    </>
  );
}
