import { useEffect, useMemo, useRef } from 'preact/hooks';
import { Balance } from '../balance';
import { ErrorView } from '../error-view';
import { SpendingWarning } from '../spending-warning';
import { BulkHistory, BulkJobView } from './bulk-views';
import { EarlierResults } from './earlier-results';
import { FindSlot, useFindIntent } from './find-slot';
import { ContactFocus, SelectionFocus } from './focus-views';
import { createSidePanelModel, type SidePanelModel } from './model';
import { openOptions } from './open-options';
import { PagePeopleView, usePagePeopleIntent } from './page-people';
import { Results, Understood } from './results';
import { SavedList, SearchActions } from './saved-list';
import { SearchArea } from './search-form';

/** An error of the last action that the stored search does not already show (e.g. a refusal before any request). */
function ActionError({ m }: { m: SidePanelModel }) {
  const error = m.actionError.value;
  return error ? <ErrorView error={error} onOpenOptions={openOptions} /> : null;
}

/**
 * The side panel: the home of search, or what it was asked to show when that is the newest thing: a find (menu or
 * popup), the people of a LinkedIn page, a context-menu contact or selection.
 */
export function App() {
  const m = useMemo(createSidePanelModel, []);
  useEffect(() => {
    void m.init();
    return m.stop;
  }, [m]);
  const focus = m.focus.value;
  const pagePeople = usePagePeopleIntent(m.session);
  const find = useFindIntent(m.session, pagePeople);
  const showsSearch = !find && !pagePeople && focus?.kind !== 'contact' && focus?.kind !== 'selection';
  // Leaving a contact or selection view unmounts the button that had focus: give it to the search form instead.
  const searchStart = useRef<HTMLHeadingElement>(null);
  const showedSearch = useRef(showsSearch);
  useEffect(() => {
    if (showsSearch && !showedSearch.current && document.activeElement === document.body) {
      searchStart.current?.focus();
    }
    showedSearch.current = showsSearch;
  }, [showsSearch]);
  return (
    <main class="sidepanel">
      <header>
        <h1>Candidate Lens</h1>
        <Balance account={m.balance} />
      </header>
      <SpendingWarning />
      <BulkJobView bulk={m.bulk} />
      {find ? (
        <FindSlot key={find.at} m={m} intent={find} />
      ) : pagePeople ? (
        <PagePeopleView key={pagePeople.at} tabId={pagePeople.tabId} onBack={m.backToSearch} panel={m} />
      ) : focus?.kind === 'contact' ? (
        <ContactFocus
          m={m}
          vaultKey={focus.vaultKey}
          at={focus.at}
          {...(focus.problem ? { problem: focus.problem } : {})}
        />
      ) : focus?.kind === 'selection' ? (
        <>
          <SelectionFocus m={m} mode={focus.mode} text={focus.text} problem={focus.problem} />
          <ActionError m={m} />
        </>
      ) : (
        <>
          <h2 ref={searchStart} tabIndex={-1} class="visually-hidden">
            Search
          </h2>
          <SearchArea m={m} />
          <ActionError m={m} />
          <Understood m={m} />
          <Results m={m} />
          <EarlierResults m={m} />
          <SearchActions m={m} />
          <SavedList m={m} />
          <BulkHistory bulk={m.bulk} />
        </>
      )}
    </main>
  );
}
