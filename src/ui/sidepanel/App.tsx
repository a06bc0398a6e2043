import { signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { browser } from 'wxt/browser';
import {
  account,
  type ContactRecord,
  jobs,
  type PanelFocus,
  panelFocus,
  type RevealJob,
  vault,
} from '../../storage';
import { Balance } from '../balance';
import { ContactCard } from '../contact-card';
import { JobOutcome } from '../job-outcome';
import { stored } from '../use-stored';

const openOptions = () => void browser.runtime.openOptionsPage();

/** The side panel's model: the contact in focus (from a context-menu reveal), its vault record and latest job. */
function createPanelModel() {
  const focus = stored<PanelFocus | null>(null, panelFocus.get, panelFocus.watch);
  const balance = stored(null, account.get, account.watch);
  const record = signal<ContactRecord | null>(null);
  const job = signal<RevealJob | null>(null);
  const refresh = async () => {
    const current = focus.value.peek();
    const key = current?.kind === 'contact' ? current.vaultKey : null;
    if (!key) return;
    [record.value, job.value] = await Promise.all([vault.get(key), jobs.latestFor(key)]);
  };
  const stops = [focus.value.subscribe(() => void refresh()), jobs.watch(() => void refresh())];
  return {
    focus: focus.value,
    balance: balance.value,
    record,
    job,
    stop: () => {
      for (const s of stops) s();
    },
  };
}

export function App() {
  const m = useMemo(createPanelModel, []);
  useEffect(() => m.stop, [m]);
  const focus = m.focus.value;
  return (
    <main class="sidepanel">
      <header>
        <h1>Candidate Lens</h1>
        <Balance account={m.balance} />
      </header>
      {!focus && (
        <p class="muted">Right-click a LinkedIn profile link and choose "Reveal contact" to see it here.</p>
      )}
      {focus?.kind === 'contact' && (
        <section aria-label="Contact">
          <h2>{m.record.value?.name ?? 'LinkedIn profile'}</h2>
          {m.record.value?.currentTitle && (
            <p class="muted">
              {m.record.value.currentTitle}
              {m.record.value.currentEmployer && ` at ${m.record.value.currentEmployer}`}
            </p>
          )}
          <p class="url">{focus.vaultKey}</p>
          {m.job.value && <JobOutcome job={m.job.value} onOpenOptions={openOptions} />}
          {m.record.value && <ContactCard record={m.record.value} />}
        </section>
      )}
    </main>
  );
}
