/**
 * Message handlers. Privilege is decided from `sender`, never from the message: tabs (content scripts) may only
 * report detections; everything else, above all anything that can spend credits, answers extension pages alone.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { onMessage, type ProtocolMap } from '../protocol/messages';
import { fail, ok, type Result, refuse } from '../protocol/result';
import {
  AddDoNotContactInput,
  AshbySourcesInput,
  BulkControlInput,
  BulkSendControlInput,
  DestinationIdInput,
  DoNotContactEntryInput,
  FindPersonInput,
  FlagContactInput,
  ForgetContactInput,
  IdInput,
  JobInput,
  KeysInput,
  LeverUsersInput,
  NameInput,
  NoInput,
  NoteJobChangeInput,
  NoticeCopiedInput,
  PageInput,
  ProfileDetection,
  RenameInput,
  RevealInput,
  SaveConnectionInput,
  SaveDestinationInput,
  SelectionSearchInput,
  SendContactInput,
  StartBulkInput,
  StartBulkSendInput,
  StartSearchInput,
  TabInput,
  TakenOutInput,
  TeamHeldInput,
} from '../protocol/schemas';
import { isLinkedInHost } from '../sites/linkedin/url';
import { putBackRecords, takeOutRecords } from '../store/database/vault/vault-restore';
import { vaultWrite } from '../store/database/vault/vault-write';
import { forgetKey, recordRefusedBalance, refreshAccount, saveConnection } from './connection';
import { findPerson, gitHubProfileOnTab, prepareGitHubFind } from './find-person';
import { flagContact } from './flags';
import { controlBulk, startBulkReveal } from './jobs/bulk-reveal';
import { controlBulkSend, startBulkSend } from './jobs/bulk-send';
import { readTabPeople } from './page-people';
import { addToDoNotContact, doNotContactList, removeFromDoNotContact } from './privacy/do-not-contact';
import { forgetContact } from './privacy/forget';
import { exportHeldOf, noteNoticeCopied, noticeTextOf } from './privacy/notice';
import { checkCutOffReveal, reveal } from './reveal';
import {
  deleteSavedSearch,
  renameSavedSearch,
  runSavedSearch,
  saveCurrentSearch,
} from './search/saved-searches';
import { backToEarlierSearch, goToPage, startSearch } from './search/search';
import { searchSelection } from './search/search-selection';
import {
  checkDestination,
  listAshbySources,
  listLeverUsers,
  removeDestination,
  saveDestination,
} from './send-to/destinations';
import { noteJobChange } from './send-to/job-change-note';
import { sendContact } from './send-to/send';
import { tabPerson } from './tab-person';
import { onProfileSeen, refreshBadges } from './tabs';
import { refreshMembership } from './team/team';
import { teamHeldMarked } from './team-held-marks';

interface Sender {
  id?: string | undefined;
  url?: string | undefined;
  tab?: { id?: number | undefined } | undefined;
}

/** A page of this extension (popup, side panel, options), in a tab or not. */
export function isExtensionPage(sender: Sender): boolean {
  const origin = browser.runtime.getURL('/');
  return sender.id === browser.runtime.id && typeof sender.url === 'string' && sender.url.startsWith(origin);
}

/** This extension's content script, in a LinkedIn tab. */
export function isLinkedInContentScript(sender: Sender): sender is Sender & { tab: { id: number } } {
  if (sender.id !== browser.runtime.id || typeof sender.tab?.id !== 'number' || !sender.url) return false;
  try {
    const url = new URL(sender.url);
    return url.protocol === 'https:' && isLinkedInHost(url.hostname);
  } catch {
    return false;
  }
}

/** The messages the extension's pages send (every one but the content script's). */
type PageMessage = Exclude<keyof ProtocolMap, 'profileSeen'>;
type ResultOf<K extends PageMessage> = ReturnType<ProtocolMap[K]>;
type ValueOf<K extends PageMessage> = ResultOf<K> extends Result<infer T> ? T : never;
/** What a page sends with message `K`, as the protocol map declares it. */
type InputOf<K extends PageMessage> = Parameters<ProtocolMap[K]>[0];

/**
 * How a UI request is answered: the sender checked (extension pages only), the data validated, and every outcome,
 * success or failure, a {@link Result}. The handler runs only when both checks pass.
 */
export async function answer<S extends z.ZodMiniType, T>(
  type: string,
  schema: S,
  handler: (input: z.output<S>) => Promise<T>,
  data: unknown,
  sender: Sender,
): Promise<Result<T>> {
  if (!isExtensionPage(sender))
    return fail(refuse(`"${type}" is accepted from the extension's own pages only.`));
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) {
    // Size limits carry a plain sentence of their own (see `src/protocol/schemas.ts`): shown as is.
    const tooBig = parsed.error.issues.find((issue) => issue.code === 'too_big');
    if (tooBig) return fail(refuse(tooBig.message));
    return fail(refuse(`Invalid "${type}" request: ${z.prettifyError(parsed.error)}`));
  }
  try {
    return ok(await handler(parsed.data));
  } catch (error) {
    await recordRefusedBalance(error);
    return fail(error);
  }
}

/**
 * Registers {@link answer} for one message type. The schema must check exactly what the protocol map says the
 * message carries, and the handler receives what the schema gives, so the three cannot drift apart unnoticed.
 */
function expose<K extends PageMessage, S extends z.ZodMiniType<InputOf<K>, InputOf<K>>>(
  type: K,
  schema: S,
  handler: (input: z.output<S>) => Promise<ValueOf<K>>,
): void {
  // The library's return type for a message is a conditional type that TypeScript cannot resolve while `K` is a
  // type parameter: `Result<ValueOf<K>>` is that type for every `K`, but it can only be said, not proven, here.
  onMessage(type, ({ data, sender }) => answer(type, schema, handler, data, sender) as Promise<ResultOf<K>>);
}

/** Registers every message handler. Called synchronously when the background starts. */
export function registerMessageHandlers(): void {
  onMessage('profileSeen', async ({ data, sender }) => {
    if (!isLinkedInContentScript(sender)) return;
    const parsed = ProfileDetection.safeParse(data);
    if (parsed.success) await onProfileSeen(sender.tab.id, parsed.data);
  });

  expose('saveConnection', SaveConnectionInput, (input) => saveConnection(input));
  expose('listLeverUsers', LeverUsersInput, (input) => listLeverUsers(input));
  expose('listAshbySources', AshbySourcesInput, (input) => listAshbySources(input));
  expose('saveDestination', SaveDestinationInput, (input) => saveDestination(input));
  expose('checkDestination', DestinationIdInput, ({ id }) => checkDestination(id));
  expose('removeDestination', DestinationIdInput, async ({ id }) => {
    await removeDestination(id);
    return null;
  });
  expose('sendContact', SendContactInput, (input) => sendContact(input));
  expose('startBulkSend', StartBulkSendInput, (input) => startBulkSend(input));
  expose('controlBulkSend', BulkSendControlInput, ({ action }) => controlBulkSend(action));
  expose('forgetKey', NoInput, async () => {
    await forgetKey();
    return null;
  });
  expose('refreshAccount', NoInput, () => refreshAccount());
  expose('reveal', RevealInput, async (input) => {
    const outcome = await reveal(input);
    await refreshBadges().catch((error) => console.warn('Could not refresh the badges', error));
    // A team member's spend moved: the gateway's figures (free) for the options and usage pages.
    void refreshMembership().catch((error) => console.warn('Could not refresh the team membership', error));
    return outcome;
  });
  expose('checkCutOffReveal', JobInput, ({ jobId }) => checkCutOffReveal(jobId));
  expose('startSearch', StartSearchInput, (input) => startSearch(input));
  expose('goToPage', PageInput, ({ start }) => goToPage(start));
  expose('backToEarlierSearch', NoInput, () => backToEarlierSearch());
  expose('saveSearch', NameInput, ({ name }) => saveCurrentSearch(name));
  expose('renameSavedSearch', RenameInput, ({ id, name }) => renameSavedSearch(id, name));
  expose('deleteSavedSearch', IdInput, async ({ id }) => {
    await deleteSavedSearch(id);
    return null;
  });
  expose('runSavedSearch', IdInput, ({ id }) => runSavedSearch(id));
  expose('searchSelection', SelectionSearchInput, (input) => searchSelection(input));
  expose('startBulkReveal', StartBulkInput, (input) => startBulkReveal(input));
  expose('controlBulk', BulkControlInput, ({ action }) => controlBulk(action));
  expose('findPerson', FindPersonInput, ({ query }) => findPerson(query));
  expose('gitHubProfileOnTab', TabInput, ({ tabId }) => gitHubProfileOnTab(tabId));
  expose('prepareGitHubFind', TabInput, ({ tabId }) => prepareGitHubFind(tabId));
  expose('flagContact', FlagContactInput, (input) => flagContact(input));
  expose('noticeCopied', NoticeCopiedInput, ({ key }) => noteNoticeCopied(key));
  expose('exportHeld', NoticeCopiedInput, ({ key }) => exportHeldOf(key));
  expose('noticeText', NoticeCopiedInput, ({ key }) => noticeTextOf(key));
  expose('noteJobChange', NoteJobChangeInput, (input) => noteJobChange(input));
  expose('listDoNotContact', NoInput, () => doNotContactList());
  expose('forgetContact', ForgetContactInput, async ({ key }) => {
    const outcome = await forgetContact(key);
    await refreshBadges().catch((error) => console.warn('Could not refresh the badges', error));
    return outcome;
  });
  expose('addDoNotContact', AddDoNotContactInput, ({ reason, ...person }) =>
    addToDoNotContact(person, reason),
  );
  expose('removeDoNotContact', DoNotContactEntryInput, async ({ entry }) => ({
    removed: await removeFromDoNotContact(entry),
  }));
  expose('teamHeld', TeamHeldInput, ({ people }) => teamHeldMarked(people));
  expose('pagePeople', TabInput, ({ tabId }) => readTabPeople(tabId));
  expose('tabPerson', TabInput, ({ tabId }) => tabPerson(tabId));
  expose('removeContacts', KeysInput, async ({ keys }) => {
    await vaultWrite.remove(keys);
    await refreshBadges().catch((error) => console.warn('Could not refresh the badges', error));
    return { removed: keys.length };
  });
  expose('takeOutContacts', KeysInput, async ({ keys }) => {
    const taken = await takeOutRecords(keys);
    await refreshBadges().catch((error) => console.warn('Could not refresh the badges', error));
    return taken;
  });
  expose('putBackContacts', TakenOutInput, async (taken) => {
    const restored = await putBackRecords(taken);
    await refreshBadges().catch((error) => console.warn('Could not refresh the badges', error));
    return { restored };
  });
  expose('clearVault', NoInput, async () => {
    const removed = await vaultWrite.clear();
    await refreshBadges().catch((error) => console.warn('Could not refresh the badges', error));
    return { removed };
  });
}
