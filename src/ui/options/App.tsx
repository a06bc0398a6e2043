import { useEffect, useMemo } from 'preact/hooks';
import { formatCredits } from '../../api/pricing';
import type { AccountSnapshot } from '../../store/items/account';
import { Balance } from '../components/balance';
import { ErrorView } from '../components/error-view';
import { RevealOptions } from '../components/reveal-options';
import { DeleteAllContacts } from './delete-all';
import { Field, focusFirstInvalid } from './field';
import { InvitationCard } from './invitation-card';
import { createOptionsModel } from './model';
import { TeamMember } from './team-member';
import './options.css';
import './welcome.css';
import { DoNotContactSettings } from '../do-not-contact/do-not-contact-settings';
import { NoticeSettings } from '../privacy/notice-settings';
import { SendToSettings } from '../send/send-to-settings';
import { KEY_PAGE_URL, SERVICE_NAMED } from './build-facts';
import { CheckAgainField } from './check-again-field';
import { RetentionRules } from './retention-rules';
import { SpendingFields } from './spending-fields';

/**
 * The one step after a key is saved: open LinkedIn, with how to open the popup and the side panel (their shortcuts as
 * the user has set them), and the one primary action, "Open LinkedIn".
 */
function NextStep({
  connected,
  popup,
  panel,
  open,
}: {
  connected: AccountSnapshot;
  popup: string;
  panel: string;
  open: () => void;
}) {
  return (
    <section class="next-steps" aria-labelledby="next-steps" data-testid="next-steps">
      <p class="success" role="status" data-testid="connected">
        Connected. Balance: {formatCredits(connected.remaining)}
        {connected.purchased !== null &&
          ` · Purchased over the account's lifetime: ${formatCredits(connected.purchased)}`}
      </p>
      <h2 id="next-steps">Now open a LinkedIn profile</h2>
      <p>
        On a profile, click Candidate Lens in the toolbar{popup && ` (${popup})`}: it shows what the contact
        may cost, and Reveal gets it.
      </p>
      <p>
        Keep people beside LinkedIn in the side panel: {panel ? `press ${panel}, or ` : ''}click Open search
        in the popup.
      </p>
      <p class="muted">No button in the toolbar? Pin Candidate Lens from the browser's Extensions menu.</p>
      <button type="button" class="primary" onClick={open}>
        Open LinkedIn
      </button>
    </section>
  );
}

/**
 * The options page, which is also the first run: what the extension does, the service connection (a key or a team's
 * invitation; the address folded under "Advanced" when the build names the service), and the settings that matter
 * once connected, folded until then: default reveal options, spending caps and the vault. Once a key is saved the page
 * becomes one step, {@link NextStep}, with every setting folded under it. One primary action at a time: Save, then "Open
 * LinkedIn"; every other form ends with its Save in the same secondary style and place.
 */
export function App() {
  const m = useMemo(createOptionsModel, []);
  useEffect(() => void m.init(), [m]);

  const hasKey = m.key.value !== null;
  const connected = m.connected.value;
  const { popup, panel } = m.shortcuts.value;
  const settings = (
    <>
      <section aria-labelledby="connection">
        <h2 id="connection">{hasKey ? 'Service connection' : 'Connect your account'}</h2>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            void m.save().then(() => focusFirstInvalid(form));
          }}
        >
          <Field
            id="api-key"
            label="API key"
            type="password"
            autoComplete="off"
            spellcheck={false}
            hint="The key from your candidate service account, or the invitation your team admin sent you."
            placeholder={
              m.key.value ? `${m.key.value.masked} (leave empty to keep)` : 'Paste your API key or invitation'
            }
            value={m.apiKey}
            problem={m.fieldProblems.value.apiKey}
            onText={(text) => m.edit('apiKey', text)}
          />
          {m.invitationTo.value !== null && (
            <InvitationCard
              gateway={m.invitationTo.value}
              current={m.key.value ? m.savedBaseUrl.value : null}
              busy={m.saving.value}
              onConnect={() => void m.connectInvitation()}
              onCancel={m.cancelInvitation}
            />
          )}
          {KEY_PAGE_URL && !hasKey && (
            <p class="hint">
              No key yet?{' '}
              <a href={KEY_PAGE_URL} target="_blank" rel="noopener">
                Get one from your account
              </a>
              .
            </p>
          )}
          <details class="advanced" open={!SERVICE_NAMED || m.fieldProblems.value.baseUrl !== undefined}>
            <summary>Advanced: service address</summary>
            <Field
              id="base-url"
              label="Service address"
              hint="Change it only for a team gateway or a test service."
              inputMode="url"
              spellcheck={false}
              value={m.baseUrl}
              readOnly={!m.loaded.value}
              problem={m.fieldProblems.value.baseUrl}
              onText={(text) => m.edit('baseUrl', text)}
            />
          </details>
          <div class="row form-actions">
            {/* While an invitation is shown, its Connect is the one way on. */}
            {m.invitationTo.value === null && (
              <button type="submit" class={connected ? undefined : 'primary'} disabled={m.saving.value}>
                {m.saving.value ? 'Checking…' : 'Save'}
              </button>
            )}
            {m.key.value && (
              <span class="muted" data-testid="key-status">
                Key saved: <code>{m.key.value.masked}</code>{' '}
                <button type="button" class="link" onClick={() => void m.forgetKey()}>
                  Remove key
                </button>
              </span>
            )}
          </div>
        </form>
        {m.error.value && <ErrorView error={m.error.value} place="options" />}
        {!connected && m.key.value && <Balance account={m.balance} />}
        {m.key.value && m.team.value && <TeamMember team={m.team.value} address={m.savedBaseUrl.value} />}
      </section>

      {hasKey && <SendToSettings gateway={m.team.value ? m.savedBaseUrl.value : null} />}

      <details class="more-settings" open={hasKey || m.settingsProblem.value !== null}>
        <summary>Reveal defaults, spending caps and revealed contacts</summary>
        <section aria-labelledby="defaults">
          <h2 id="defaults">Default reveal options</h2>
          <p class="muted">
            Checked when the popup opens, and what "Reveal contact" in the right-click menu reveals.
          </p>
          <RevealOptions
            legend="Checked by default"
            selection={m.defaultSelection.value}
            onChange={(next) => void m.setDefaultSelection(next)}
          />
          <CheckAgainField />
        </section>

        <SpendingFields />

        <section aria-labelledby="vault">
          <h2 id="vault">Revealed contacts</h2>
          <p>
            <a href="/contacts.html" target="_blank" rel="noopener">
              Open the revealed contacts library
            </a>{' '}
            <span class="muted">to search, export or delete some of them.</span>
          </p>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const form = e.currentTarget;
              void m.saveRetention().then(() => focusFirstInvalid(form));
            }}
          >
            <RetentionRules days={m.savedRetentionDays.value} />
            <Field
              id="retention-days"
              label="Keep revealed contacts for (days)"
              inputMode="numeric"
              value={m.retentionDays}
              readOnly={!m.loaded.value}
              problem={m.retentionProblem.value}
              onText={(text) => m.edit('retentionDays', text)}
            />
            <div class="row form-actions">
              <button type="submit">Save retention</button>
            </div>
          </form>
          <DeleteAllContacts />
          {m.notice.value && (
            <p class="success" role="status">
              {m.notice.value}
            </p>
          )}
        </section>
      </details>
      <DoNotContactSettings />
      <NoticeSettings />
    </>
  );
  return (
    <main class="options">
      <h1>{hasKey ? 'Candidate Lens options' : 'Welcome to Candidate Lens'}</h1>
      {!hasKey && (
        <p class="lede" data-testid="welcome">
          Reveal a candidate's email and phone from their LinkedIn profile, paid in credits from your
          candidate service account. Connect your account to start.
        </p>
      )}
      {m.settingsProblem.value && (
        <p class="error" role="alert" data-testid="settings-problem">
          {m.settingsProblem}
        </p>
      )}

      {connected && <NextStep connected={connected} popup={popup} panel={panel} open={m.openLinkedIn} />}
      {/* Once a key is saved here, the page is one step (open LinkedIn); the settings fold under it. */}
      {connected ? (
        <details class="settings-fold" data-testid="settings-fold">
          <summary>
            Settings: service connection, Send to, reveal defaults, spending caps, revealed contacts, do not
            contact and the privacy notice
          </summary>
          {settings}
        </details>
      ) : (
        settings
      )}

      <p class="muted">
        {/* privacy.html is PRIVACY.md, made into a page of the extension at build time (wxt.config.ts). */}
        <a href="/privacy.html" target="_blank" rel="noopener">
          Privacy policy
        </a>
        : what Candidate Lens keeps and sends, and how to erase it all.
      </p>
    </main>
  );
}
