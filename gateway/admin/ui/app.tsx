/** The console: who is signed in, its screens as tabs (the address's #hash keeps the one open), sign-out. */
import { signal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { WORDS } from '../words';
import { get, post, sessionEnded, setCsrf } from './api';
import { AuditScreen } from './audit';
import { DestinationsScreen } from './destinations';
import { DoNotContactScreen } from './do-not-contact';
import { MembersScreen } from './members';
import { PrivacyNoticeScreen } from './privacy-notice';
import { RetentionScreen } from './retention';
import { UsageScreen } from './usage';

type Tab = keyof typeof WORDS.tabs;
const TABS = Object.keys(WORDS.tabs) as Tab[];

const tabOf = (hash: string): Tab => {
  const name = hash.replace(/^#/, '');
  return (TABS as string[]).includes(name) ? (name as Tab) : 'members';
};

const tab = signal<Tab>(tabOf(location.hash));
const who = signal<{ admin: string; team: string } | null>(null);
const signedOut = signal(false);

export function App() {
  useEffect(() => {
    const onHash = () => {
      tab.value = tabOf(location.hash);
    };
    addEventListener('hashchange', onHash);
    get<{ admin: string; team: string; csrf: string }>('/session')
      .then((session) => {
        setCsrf(session.csrf);
        who.value = { admin: session.admin, team: session.team };
      })
      .catch(() => {});
    return () => removeEventListener('hashchange', onHash);
  }, []);

  if (signedOut.value || sessionEnded.value) {
    return (
      <main class="narrow">
        <h1>{WORDS.console}</h1>
        <p role="status">{signedOut.value ? WORDS.signedOut : sessionEnded.value}</p>
      </main>
    );
  }
  if (!who.value) {
    return (
      <main>
        <p role="status">{WORDS.loading}</p>
      </main>
    );
  }
  const signOut = async () => {
    await post('/sign-out').catch(() => {});
    signedOut.value = true;
  };
  return (
    <>
      <header class="top">
        <div>
          <h1>{WORDS.console}</h1>
          <p class="muted">{WORDS.signedInAs(who.value.admin, who.value.team)}</p>
        </div>
        <button type="button" class="quiet" onClick={signOut}>
          {WORDS.signOut}
        </button>
      </header>
      <nav aria-label={WORDS.console}>
        {TABS.map((name) => (
          <a key={name} href={`#${name}`} aria-current={tab.value === name ? 'page' : undefined}>
            {WORDS.tabs[name]}
          </a>
        ))}
      </nav>
      <main>
        {tab.value === 'members' && <MembersScreen />}
        {tab.value === 'usage' && <UsageScreen />}
        {tab.value === 'destinations' && <DestinationsScreen />}
        {tab.value === 'do-not-contact' && <DoNotContactScreen />}
        {tab.value === 'retention' && <RetentionScreen />}
        {tab.value === 'notice' && <PrivacyNoticeScreen />}
        {tab.value === 'audit' && <AuditScreen />}
      </main>
    </>
  );
}
