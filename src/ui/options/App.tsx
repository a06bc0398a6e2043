import { useEffect, useMemo } from 'preact/hooks';
import { formatCredits } from '../../api/pricing';
import { Balance } from '../balance';
import { ErrorView } from '../error-view';
import { RevealOptions } from '../reveal-options';
import { Field, focusFirstInvalid } from './field';
import { createOptionsModel } from './model';
import { TeamMember } from './team-member';
import './options.css';
import { SpendingFields } from './spending-fields';

/**
 * The options page: the service connection, default reveal options, spending caps and the vault. One primary
 * action (the connection's Save); every other form ends with its Save in the same secondary style and place.
 */
export function App() {
  const m = useMemo(createOptionsModel, []);
  useEffect(() => void m.init(), [m]);

  return (
    <main class="options">
      <h1>Candidate Lens options</h1>
      {m.settingsProblem.value && (
        <p class="error" role="alert" data-testid="settings-problem">
          {m.settingsProblem}
        </p>
      )}

      <section aria-labelledby="connection">
        <h2 id="connection">Service connection</h2>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            void m.save().then(() => focusFirstInvalid(form));
          }}
        >
          <Field
            id="base-url"
            label="API base URL"
            inputMode="url"
            spellcheck={false}
            value={m.baseUrl}
            readOnly={!m.loaded.value}
            problem={m.fieldProblems.value.baseUrl}
            onText={(text) => m.edit('baseUrl', text)}
          />
          <Field
            id="api-key"
            label="API key"
            type="password"
            autoComplete="off"
            spellcheck={false}
            placeholder={m.key.value ? `${m.key.value.masked} (leave empty to keep)` : 'Paste your API key'}
            value={m.apiKey}
            problem={m.fieldProblems.value.apiKey}
            onText={(text) => m.edit('apiKey', text)}
          />
          <div class="row form-actions">
            <button type="submit" class="primary" disabled={m.saving.value}>
              {m.saving.value ? 'Checking…' : 'Save'}
            </button>
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
        {m.connected.value && (
          <p class="success" role="status" data-testid="connected">
            Connected. Balance: {formatCredits(m.connected.value.remaining)}
            {m.connected.value.purchased !== null &&
              ` · Purchased over the account's lifetime: ${formatCredits(m.connected.value.purchased)}`}
          </p>
        )}
        {!m.connected.value && m.key.value && <Balance account={m.balance} />}
        {m.key.value && m.team.value && <TeamMember team={m.team.value} />}
      </section>

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
      </section>

      <SpendingFields />

      <section aria-labelledby="vault">
        <h2 id="vault">Revealed contacts</h2>
        <p>
          <a href="/contacts.html" target="_blank" rel="noopener">
            Open the revealed contacts library
          </a>{' '}
          <span class="muted">to search, export or delete them.</span>
        </p>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            void m.saveRetention().then(() => focusFirstInvalid(form));
          }}
        >
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
            <button
              type="button"
              class="danger"
              onClick={() => {
                if (
                  confirm(
                    'Remove every revealed contact from this browser? Revealing them again costs credits.',
                  )
                ) {
                  void m.clearVault();
                }
              }}
            >
              Clear revealed contacts
            </button>
          </div>
        </form>
        {m.notice.value && (
          <p class="success" role="status">
            {m.notice.value}
          </p>
        )}
      </section>

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
