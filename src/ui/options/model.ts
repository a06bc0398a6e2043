/**
 * The options page's model: the service connection (base URL and key, checked with the service before saving), the
 * default reveal options, and the vault's retention.
 */
import { computed, signal } from '@preact/signals';
import { type Browser, browser } from 'wxt/browser';
import { checkBaseUrl, originPattern } from '../../api/base-url';
import { ApiError, type ApiErrorJSON } from '../../api/errors';
import { looksLikeInvitation, parseInvitation } from '../../api/invitation';
import type { Retrievable } from '../../api/schema-parts';
import { formatNumber } from '../../format/numbers';
import { MESSAGE_LIMITS } from '../../input-limits';
import { type AccountSnapshot, account, keyHint } from '../../store/items/account';
import { DEFAULT_SETTINGS, settings } from '../../store/items/settings';
import { teamMembership } from '../../store/items/team-membership';
import { stored } from '../helpers/use-stored';
import { call } from '../rpc';

/** The connection's fields that can be refused before anything is sent. */
export type ConnectionField = 'baseUrl' | 'apiKey';
export type ConnectionProblems = Partial<Record<ConnectionField, string>>;

export function createOptionsModel() {
  const baseUrl = signal('');
  const apiKey = signal('');
  const saving = signal(false);
  const error = signal<ApiErrorJSON | null>(null);
  const connected = signal<AccountSnapshot | null>(null);
  const defaultSelection = signal<Retrievable[]>(DEFAULT_SETTINGS.defaultSelection);
  const retentionDays = signal(String(DEFAULT_SETTINGS.retentionDays));
  /** The retention setting in force (the field may hold an edit not saved yet). */
  const savedRetentionDays = signal(DEFAULT_SETTINGS.retentionDays);
  const retentionProblem = signal<string | null>(null);
  /** What is wrong with the URL or key as typed, said at each field. */
  const fieldProblems = signal<ConnectionProblems>({});
  const notice = signal<string | null>(null);
  /** Said when the stored settings could not be read: the defaults shown are not what the user saved. */
  const settingsProblem = signal<string | null>(null);
  const unreadableSettings = (unreadable: boolean) =>
    unreadable
      ? 'Your saved settings could not be read, so the defaults are shown. The unreadable copy was kept aside; saving here replaces the settings in use.'
      : null;
  const key = stored(null, keyHint.get, keyHint.watch);
  const balance = stored(null, account.get, account.watch);
  /** Set when the saved service connection is a team gateway: who the member key belongs to. */
  const team = stored(null, teamMembership.get, teamMembership.watch);

  /** The invitation in the key field, read (null when the field holds no invitation). */
  const invitation = computed(() =>
    looksLikeInvitation(apiKey.value) ? parseInvitation(apiKey.value) : null,
  );
  /** The address a well-formed invitation in the key field leads to, shown with Connect and Cancel. */
  const invitationTo = computed(() => {
    const pasted = invitation.value;
    return pasted?.ok ? pasted.value.baseUrl : null;
  });
  /** The address saved now, to say what an invitation would replace. */
  const savedBaseUrl = signal<string | null>(null);

  /** Fields the user has typed in: the stored settings arriving late must not overwrite them. */
  const edited = new Set<'baseUrl' | 'retentionDays'>();
  /** False until the stored settings are in the fields: typing before would be mixed with the value arriving. */
  const loaded = signal(false);
  /** A field's problem described what was typed before; typing again takes it away. */
  const edit = (field: ConnectionField | 'retentionDays', value: string) => {
    if (field === 'apiKey') {
      apiKey.value = value;
      // An invitation is read as it is pasted: one that cannot be used is said at once, before any click.
      const pasted = invitation.value;
      if (pasted && !pasted.ok) {
        fieldProblems.value = { ...fieldProblems.value, apiKey: pasted.message };
        return;
      }
      // A connection about to change: the next step of the one before steps aside for the invitation's Connect.
      if (pasted?.ok) connected.value = null;
    } else {
      edited.add(field);
      (field === 'baseUrl' ? baseUrl : retentionDays).value = value;
    }
    if (field === 'retentionDays') retentionProblem.value = null;
    else if (fieldProblems.value[field]) fieldProblems.value = { ...fieldProblems.value, [field]: undefined };
  };

  async function init() {
    void readShortcuts();
    settings.watchRead(({ unreadable }) => {
      settingsProblem.value = unreadableSettings(unreadable);
    });
    try {
      const { value: current, unreadable } = await settings.read();
      settingsProblem.value = unreadableSettings(unreadable);
      if (!edited.has('baseUrl')) baseUrl.value = current.baseUrl;
      savedBaseUrl.value = current.baseUrl;
      if (!edited.has('retentionDays')) retentionDays.value = String(current.retentionDays);
      savedRetentionDays.value = current.retentionDays;
      defaultSelection.value = current.defaultSelection;
    } finally {
      loaded.value = true;
    }
  }

  /** A setting that needs a change, said before anything is asked or saved. */
  const refuse = (message: string) => {
    error.value = new ApiError({ kind: 'invalid-request', message }).toJSON();
  };

  /**
   * What is wrong with what was typed, field by field (the same size limits the background applies), said before
   * anything is asked or sent.
   */
  function readTyped() {
    const problems: ConnectionProblems = {};
    let newKey = apiKey.value.trim();
    let urlText = baseUrl.value;
    // An invitation holds both: its address replaces the field's, its key is the key.
    if (looksLikeInvitation(newKey)) {
      const invitation = parseInvitation(newKey);
      if (invitation.ok) ({ baseUrl: urlText, key: newKey } = invitation.value);
      else problems.apiKey = invitation.message;
    }
    const url = urlText.trim();
    const checked = checkBaseUrl(urlText);
    if (url.length > MESSAGE_LIMITS.baseUrl) {
      problems.baseUrl = `This address is ${formatNumber(url.length)} characters; it can be at most ${formatNumber(MESSAGE_LIMITS.baseUrl)}.`;
    } else if (!checked.ok) problems.baseUrl = checked.message;
    if (newKey.length > MESSAGE_LIMITS.apiKey) {
      problems.apiKey ??= `This key is ${formatNumber(newKey.length)} characters; a key can be at most ${formatNumber(MESSAGE_LIMITS.apiKey)}. Check that you pasted the key alone.`;
    } else if (!newKey && !key.value.value) problems.apiKey ??= 'Enter your API key.';
    return { problems, checked, newKey };
  }

  /**
   * Checks what was typed, asks for the origin's permission if the build did not grant it, then validates and
   * saves. A field refused is said at the field, and nothing is asked or sent.
   */
  async function save({ connect = false }: { connect?: boolean } = {}) {
    const { problems, checked, newKey } = readTyped();
    // An invitation is taken only by its own Connect, after its address was shown: never by Save or Enter alone.
    if (invitationTo.value !== null && !connect) return;
    error.value = null;
    connected.value = null;
    fieldProblems.value = problems;
    if (!checked.ok || problems.baseUrl || problems.apiKey) return;
    // Called straight from the click: browsers grant permission prompts only during a user gesture.
    const granted = await browser.permissions
      .request({ origins: [originPattern(checked.origin)] })
      .catch(() => false);
    if (!granted)
      return refuse(
        `Permission to reach ${checked.origin} was not granted. Save again and allow it when asked.`,
      );
    saving.value = true;
    const result = await call('saveConnection', {
      baseUrl: checked.baseUrl,
      ...(newKey ? { apiKey: newKey } : {}),
    });
    saving.value = false;
    if (!result.ok) {
      error.value = result.error;
      return;
    }
    baseUrl.value = checked.baseUrl;
    savedBaseUrl.value = checked.baseUrl;
    apiKey.value = '';
    connected.value = result.value;
  }

  /** Takes the invitation shown: its address and key, checked with the gateway, then saved. */
  const connectInvitation = () => save({ connect: true });

  /** Puts the invitation away: nothing was sent or saved, and the field is empty again. */
  function cancelInvitation() {
    apiKey.value = '';
    fieldProblems.value = { ...fieldProblems.value, apiKey: undefined };
  }

  /** The shortcuts of the toolbar button and the side panel, as the user has them ("" when none is set). */
  const shortcuts = signal<{ popup: string; panel: string }>({ popup: '', panel: '' });
  async function readShortcuts() {
    let commands: Browser.commands.Command[] = [];
    try {
      commands = await browser.commands.getAll();
    } catch {
      // No shortcuts to name (a browser without the commands API): the words stand without them.
    }
    const of = (names: string[]) => commands.find((c) => names.includes(c.name ?? ''))?.shortcut ?? '';
    shortcuts.value = {
      popup: of(['_execute_action', '_execute_browser_action']),
      panel: of(['open-side-panel', '_execute_sidebar_action']),
    };
  }

  /** The next step once connected: LinkedIn in a new tab, where the toolbar button reads the profile open. */
  function openLinkedIn() {
    void browser.tabs.create({ url: 'https://www.linkedin.com/' });
  }

  async function forgetKey() {
    error.value = null;
    connected.value = null;
    const result = await call('forgetKey');
    if (!result.ok) error.value = result.error;
  }

  async function setDefaultSelection(next: Retrievable[]) {
    defaultSelection.value = next;
    await settings.set({ ...(await settings.get()), defaultSelection: next });
  }

  async function saveRetention() {
    const days = Number(retentionDays.value);
    if (!Number.isInteger(days) || days < 1 || days > 3650) {
      retentionProblem.value = 'Enter a whole number of days from 1 to 3650.';
      return;
    }
    retentionProblem.value = null;
    await settings.set({ ...(await settings.get()), retentionDays: days });
    savedRetentionDays.value = days;
    notice.value = `Revealed contacts are kept for ${days} days.`;
  }

  return {
    loaded,
    baseUrl,
    apiKey,
    saving,
    error,
    connected,
    defaultSelection,
    retentionDays,
    savedRetentionDays,
    retentionProblem,
    fieldProblems,
    notice,
    settingsProblem,
    key: key.value,
    balance: balance.value,
    team: team.value,
    invitationTo,
    savedBaseUrl,
    shortcuts,
    init,
    edit,
    save,
    connectInvitation,
    cancelInvitation,
    openLinkedIn,
    forgetKey,
    setDefaultSelection,
    saveRetention,
  };
}
