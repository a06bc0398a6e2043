import { useSignal } from '@preact/signals';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { Balance } from '../components/balance';
import { ErrorView } from '../components/error-view';
import { ServiceDown } from '../components/service-down';
import { SpendingWarning } from '../components/spending-warning';
import { PANEL_WORDS } from '../words/panel';
import type { Activity } from './activity';
import { FindSlot, useFindIntent } from './find/find-slot';
import { lazy } from './lazy';
import { createSidePanelModel, type FindPanel, type RowsModel } from './model';
import { openOptions } from './open-options';
import { usePagePeopleIntent } from './page-people/page-people-intent-hook';
import { ProfileView } from './profile/profile-view';
import { EarlierResults } from './search/earlier-results';
import { Results, Understood } from './search/results';
import { SavedList } from './search/saved-list';
import { SearchArea } from './search/search-form';
import { handlePanelKey } from './shortcuts';
import type { TabModel } from './tab-model';

/** The panel stays open all day: a balance older than this says when it was true. */
const BALANCE_MAX_AGE_MS = 10 * 60_000;

const BulkJobView = lazy(() => import('./bulk/bulk-job-view').then((v) => v.BulkJobView));
const BulkHistory = lazy(() => import('./bulk/bulk-job-view').then((v) => v.BulkHistory));
const ReceiptNext = lazy(() => import('./bulk/receipt-next').then((v) => v.ReceiptNext));
const ContactFocus = lazy(() => import('./focus-views').then((v) => v.ContactFocus));
const SelectionFocus = lazy(() => import('./focus-views').then((v) => v.SelectionFocus));
const ShortcutsHelp = lazy(() => import('./shortcuts-help').then((v) => v.ShortcutsHelp));
const PagePeopleView = lazy(() => import('./page-people/page-people').then((v) => v.PagePeopleView));

/** An error of the last action that the stored search does not already show (e.g. a refusal before any request). */
function ActionError({ activity }: { activity: Pick<Activity, 'error'> }) {
  const error = activity.error.value;
  return error ? <ErrorView error={error} onOpenOptions={openOptions} /> : null;
}

/** "This page" and "Search": the way between what the tab shows and search, shown when the tab shows something. */
function ViewSwitch({
  tab,
  current,
}: {
  tab: Pick<TabModel, 'chooseTab' | 'chooseSearch'>;
  current: string;
}) {
  const onTab = current !== 'search';
  return (
    <nav class="view-switch" aria-label="Views">
      <button type="button" aria-current={onTab ? 'page' : undefined} onClick={tab.chooseTab}>
        {PANEL_WORDS.thisPage}
      </button>
      <button type="button" aria-current={onTab ? undefined : 'page'} onClick={tab.chooseSearch}>
        {PANEL_WORDS.search}
      </button>
    </nav>
  );
}

/**
 * The side panel: beside a LinkedIn profile, that person; beside a LinkedIn page of people, its people; elsewhere,
 * search (which stays while tabs change once the recruiter chose it). What it was asked to show, when that is the
 * newest thing, comes first: a find (menu or popup), the people of a page (popup), a context-menu contact or
 * selection.
 */
export function App() {
  const m = useMemo(createSidePanelModel, []);
  useEffect(() => {
    void m.init();
    return m.stop;
  }, [m]);
  const rows: RowsModel = m;
  const findPanel: FindPanel = useMemo(
    () => ({ ...m, session: m.search.session, backToSearch: m.focus.backToSearch }),
    [m],
  );
  const focus = m.focus.focus.value;
  const pagePeople = usePagePeopleIntent(m.search.session);
  const find = useFindIntent(m.search.session, pagePeople);
  const asked = find || pagePeople || focus?.kind === 'contact' || focus?.kind === 'selection';
  const home = m.tab.view.value;
  const subject = m.tab.subject.value;
  const view = asked ? 'asked' : home;
  const showsSearch = view === 'search';
  const shortcutsOpen = useSignal(false);

  // Focus lands on the view's primary action when it opens (and when the person changes under a focus now gone, or
  // when the opening balance check ends and the paid action it held is offered); never away from where the
  // recruiter is.
  const main = useRef<HTMLElement>(null);
  const viewKey = `${view}:${subject?.profile?.socialUrl ?? ''}:${m.account.service.state.value}`;
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    requestAnimationFrame(() => {
      const root = main.current;
      const target =
        root?.querySelector<HTMLElement>('[data-primary]:not(:disabled)') ??
        root?.querySelector<HTMLElement>('[data-key="copy-email"] button') ??
        (showsSearch ? root?.querySelector<HTMLElement>('#search-start') : null);
      target?.focus();
    });
  }, [viewKey]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (shortcutsOpen.value || !main.current) return;
      handlePanelKey(event, main.current, {
        showShortcuts: () => (shortcutsOpen.value = true),
        toSearch: m.tab.chooseSearch,
        toTab: m.tab.chooseTab,
      });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [m]);

  // Working in search (typing, clicking) is choosing it: a tab change then leaves the recruiter where they are.
  const searchHome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const area = searchHome.current;
    if (!area) return;
    const choose = () => m.tab.chooseSearch();
    area.addEventListener('input', choose);
    area.addEventListener('click', choose);
    return () => {
      area.removeEventListener('input', choose);
      area.removeEventListener('click', choose);
    };
  }, [m, showsSearch]);

  const tabHasSomething = m.tab.tabKind.value !== 'search';
  return (
    <main class="sidepanel" ref={main}>
      <header>
        <h1>Candidate Lens</h1>
        <Balance
          account={m.account.balance}
          maxAgeMs={BALANCE_MAX_AGE_MS}
          stale={m.account.unreachable.value}
        />
        <button
          type="button"
          class="small icon-button"
          aria-label={PANEL_WORDS.shortcutsTitle}
          aria-haspopup="dialog"
          onClick={() => (shortcutsOpen.value = true)}
        >
          ?
        </button>
      </header>
      {shortcutsOpen.value && <ShortcutsHelp onClose={() => (shortcutsOpen.value = false)} />}
      <ServiceDown service={m.account.service} />
      <SpendingWarning />
      {m.bulk.job.value && (
        <BulkJobView bulk={m.bulk} next={(job) => <ReceiptNext job={job} vault={m.vault} />} />
      )}
      {!asked && tabHasSomething && <ViewSwitch tab={m.tab} current={home} />}
      {find ? (
        <FindSlot key={find.at} m={findPanel} intent={find} />
      ) : pagePeople ? (
        <PagePeopleView
          key={pagePeople.at}
          tabId={pagePeople.tabId}
          onBack={m.focus.backToSearch}
          panel={rows}
        />
      ) : focus?.kind === 'contact' ? (
        <ContactFocus
          m={m.focus}
          reveals={m.reveals}
          balance={m.account.balance}
          vaultKey={focus.vaultKey}
          at={focus.at}
          {...(focus.problem ? { problem: focus.problem } : {})}
        />
      ) : focus?.kind === 'selection' ? (
        <>
          <SelectionFocus m={m.focus} mode={focus.mode} text={focus.text} problem={focus.problem} />
          <ActionError activity={m.activity} />
        </>
      ) : home === 'profile' ? (
        <ProfileView p={m.profile} reveals={m.reveals} balance={m.account.balance} />
      ) : home === 'list' && subject ? (
        <PagePeopleView
          key={`${subject.tabId}:${subject.url}`}
          tabId={subject.tabId}
          onBack={m.tab.chooseSearch}
          panel={rows}
        />
      ) : (
        <div class="search-home" ref={searchHome}>
          <h2 id="search-start" tabIndex={-1} class="visually-hidden">
            Search
          </h2>
          <SearchArea m={m.form} />
          <ActionError activity={m.activity} />
          <Understood m={{ session: m.search.session, editAsFilters: m.form.editAsFilters }} />
          <Results results={m.results} rows={rows} saved={m.saved} />
          <EarlierResults m={m.results} />
          <SavedList m={m.saved} running={m.search.running.value} />
          {m.bulk.history.value.length > 0 && <BulkHistory bulk={m.bulk} />}
        </div>
      )}
    </main>
  );
}
