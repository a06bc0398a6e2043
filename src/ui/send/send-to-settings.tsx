import { useMemo } from 'preact/hooks';
import type { DestinationHint, DestinationKind } from '../../store/items/destination-hints';
import { CopyButton } from '../components/copy-button';
import { Field } from '../options/field';
import { heldByGateway, keptUnused } from '../words/team';
import { createSendSettingsModel } from './settings-model';
import { DESTINATION_NAMES, problemText } from './words';

/** The key field of each destination, as its card says it (kept here so the options page carries no client code). */
export const KEY_HINTS: Record<Exclude<DestinationKind, 'webhook'>, { label: string; hint: string }> = {
  lever: {
    label: 'Lever API key',
    hint: 'In Lever: Settings › Integrations and API › API credentials. It needs to read users and add candidates.',
  },
  ashby: {
    label: 'Ashby API key',
    hint: 'In Ashby: Admin › API keys. Allow it to read and write candidates.',
  },
  hubspot: {
    label: 'HubSpot access token',
    hint: 'From a private app in HubSpot (Settings › Integrations › Private apps) allowed to read and write contacts.',
  },
  greenhouse: {
    label: 'Greenhouse client secret',
    hint: 'In Greenhouse: Configure › Dev Center › API Credentials › Create new API credentials › Harvest V3 (OAuth). Allow it to list and create candidates.',
  },
  workable: {
    label: 'Workable access token',
    hint: 'In Workable: Settings › Integrations › Apps › Generate API token. Allow it to read and write candidates.',
  },
};

function about(hint: DestinationHint, gateway: string | null): string {
  if (hint.team !== undefined) {
    const who = hint.kind === 'lever' && hint.account ? `adds candidates as ${hint.account}` : hint.account;
    return [heldByGateway(hint.team, gateway), who].filter(Boolean).join(' · ');
  }
  if (hint.kind === 'webhook') return hint.masked;
  if (hint.kind === 'ashby') return `key ${hint.masked}${hint.account ? ` (${hint.account})` : ''}`;
  const who = hint.kind === 'lever' && hint.account ? `adds candidates as ${hint.account}` : hint.account;
  return [who, `key ${hint.masked}`].filter(Boolean).join(' · ');
}

/**
 * The options page's "Send to": where revealed contacts can be sent, each checked with a free call when it is saved,
 * and the form that adds one. A webhook's signing secret is shown once, right after saving. Destinations a team
 * gateway holds are listed as the team's, without a key here; only the gateway's admin changes them.
 */
export function SendToSettings({ gateway = null }: { gateway?: string | null }) {
  const m = useMemo(createSendSettingsModel, []);
  const kind = m.adding.value;
  const saved = m.saved.value;
  const missing = (['lever', 'ashby', 'hubspot', 'greenhouse', 'workable', 'webhook'] as const).filter(
    (k) => !saved.some((hint) => hint.kind === k),
  );
  const problem = problemText(m.error.value);
  return (
    <section aria-labelledby="send-to" data-testid="send-to">
      <h2 id="send-to">Send to</h2>
      <p class="muted">
        Send revealed contacts to your applicant tracking system or CRM, or to any web address. Sending costs
        no credits, and nothing is sent until you click Send.
      </p>
      {saved.length > 0 && (
        <ul class="destinations">
          {saved.map((hint) => (
            <li key={hint.id} class="row" data-testid={`destination-${hint.id}`}>
              <strong>{hint.label}</strong>
              <span class="muted">{about(hint, gateway)}</span>
              {hint.team === undefined && (
                <>
                  <button type="button" class="small" onClick={() => void m.check(hint.id)}>
                    Check
                  </button>
                  <button type="button" class="danger small" onClick={() => void m.remove(hint.id)}>
                    Remove
                  </button>
                </>
              )}
              {hint.kept && (
                <p class="kept" data-testid={`kept-${hint.id}`}>
                  {keptUnused(hint.kind, hint.kept.label, hint.kept.masked)}{' '}
                  <button type="button" class="link" onClick={() => void m.remove(hint.id)}>
                    Remove
                  </button>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {m.secret.value && (
        <div class="notice" role="status" data-testid="webhook-secret">
          <p>
            Signing secret: <code>{m.secret.value}</code> <CopyButton value={m.secret.value} label="secret" />
          </p>
          <p>Copy it into the receiving service now: it is not shown again.</p>
        </div>
      )}
      {m.notice.value && (
        <p class="success" role="status">
          {m.notice.value}
        </p>
      )}
      {kind === null && missing.length > 0 && (
        <div class="row">
          {missing.map((k) => (
            <button key={k} type="button" onClick={() => m.start(k)}>
              {k === 'webhook' ? 'Add a webhook' : `Add ${DESTINATION_NAMES[k]}`}
            </button>
          ))}
        </div>
      )}
      {kind !== null && (
        <form
          noValidate
          aria-label={kind === 'webhook' ? 'Add a webhook' : `Add ${DESTINATION_NAMES[kind]}`}
          onSubmit={(e) => {
            e.preventDefault();
            if (kind === 'lever' && m.users.value === null) void m.findLeverUsers();
            else void m.save();
          }}
        >
          <h3>{kind === 'webhook' ? 'Add a webhook' : `Add ${DESTINATION_NAMES[kind]}`}</h3>
          {kind === 'webhook' ? (
            <Field
              id="webhook-url"
              label="Address to send to"
              hint="An https address: a Zapier, Make or n8n webhook, or your own service. Each contact arrives signed with a secret shown once."
              inputMode="url"
              spellcheck={false}
              value={m.webhookUrl}
              onText={(text) => {
                m.webhookUrl.value = text;
              }}
            />
          ) : (
            <>
              {kind === 'greenhouse' && (
                <Field
                  id="greenhouse-client-id"
                  label="Greenhouse client ID"
                  hint="Shown with the client secret when the credentials are made."
                  autoComplete="off"
                  spellcheck={false}
                  value={m.clientId}
                  onText={(text) => {
                    m.clientId.value = text;
                  }}
                />
              )}
              {kind === 'workable' && (
                <Field
                  id="workable-account"
                  label="Workable account"
                  hint="The first part of its address: acme for acme.workable.com."
                  autoComplete="off"
                  spellcheck={false}
                  value={m.subdomain}
                  onText={(text) => {
                    m.subdomain.value = text;
                  }}
                />
              )}
              <Field
                id="destination-key"
                type="password"
                autoComplete="off"
                spellcheck={false}
                {...KEY_HINTS[kind]}
                value={m.key}
                onText={(text) => {
                  m.key.value = text;
                  m.users.value = null;
                  m.sources.value = null;
                  m.sourceId.value = '';
                }}
              />
              {kind === 'ashby' &&
                (m.sources.value === null ? (
                  <p>
                    <button
                      type="button"
                      class="link"
                      disabled={m.busy.value}
                      onClick={() => void m.findAshbySources()}
                    >
                      Choose the source candidates get (optional)
                    </button>
                  </p>
                ) : (
                  <div class="field">
                    <label for="ashby-source">Source candidates get</label>
                    <select
                      id="ashby-source"
                      value={m.sourceId.value}
                      onChange={(e) => {
                        m.sourceId.value = e.currentTarget.value;
                      }}
                    >
                      <option value="">None</option>
                      {m.sources.value.map((source) => (
                        <option key={source.id} value={source.id}>
                          {source.title}
                        </option>
                      ))}
                    </select>
                  </div>
                ))}
              {kind === 'lever' && m.users.value !== null && (
                <>
                  <div class="field">
                    <label for="lever-user">Add candidates as</label>
                    <select
                      id="lever-user"
                      value={m.performAs.value}
                      onChange={(e) => {
                        m.performAs.value = e.currentTarget.value;
                      }}
                    >
                      {m.users.value.map((user) => (
                        <option key={user.id} value={user.id}>
                          {user.email ? `${user.name} (${user.email})` : user.name}
                        </option>
                      ))}
                    </select>
                  </div>
                  <Field
                    id="lever-posting"
                    label="Job posting (optional)"
                    hint="The posting's ID, the last part of its address in Lever. Empty: candidates are added without a job."
                    spellcheck={false}
                    value={m.posting}
                    onText={(text) => {
                      m.posting.value = text;
                    }}
                  />
                </>
              )}
              {kind === 'workable' && (
                <Field
                  id="workable-job"
                  label="Job (optional)"
                  hint="The job's code, the last part of its address in Workable (GROOV005). Empty: candidates go to the talent pool."
                  spellcheck={false}
                  value={m.shortcode}
                  onText={(text) => {
                    m.shortcode.value = text;
                  }}
                />
              )}
              <details class="advanced">
                <summary>Advanced: a different address</summary>
                <Field
                  id="destination-address"
                  label="Server address"
                  hint="Only for a regional account, or the local demo servers of npm start."
                  inputMode="url"
                  spellcheck={false}
                  value={m.address}
                  onText={(text) => {
                    m.address.value = text;
                    m.users.value = null;
                  }}
                />
              </details>
            </>
          )}
          {problem && (
            <p class="error" role="alert">
              {problem}
            </p>
          )}
          <div class="row form-actions">
            <button type="submit" disabled={m.busy.value}>
              {m.busy.value
                ? 'Checking…'
                : kind === 'lever' && m.users.value === null
                  ? 'Check the key'
                  : 'Check and save'}
            </button>
            <button type="button" class="link" onClick={() => m.start(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {kind === null && problem && (
        <p class="error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
