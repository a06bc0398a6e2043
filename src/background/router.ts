/**
 * Message handlers. Privilege is decided from `sender`, never from the message: tabs (content scripts) may only
 * report detections; everything else, above all anything that can spend credits, answers extension pages alone.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import type { FindQuery } from '../find/query';
import {
  BulkControlInput,
  FindPersonInput,
  IdInput,
  JobInput,
  KeysInput,
  NameInput,
  NoInput,
  PageInput,
  ProfileDetection,
  RenameInput,
  RevealInput,
  SaveConnectionInput,
  SelectionSearchInput,
  StartBulkInput,
  StartSearchInput,
  TabInput,
  TeamHeldInput,
} from '../message-schemas';
import { onMessage, type ProtocolMap, type RevealInput as RevealRequest } from '../messaging';
import { isLinkedInHost } from '../sites/linkedin/url';
import { vault } from '../store/vault';
import { forgetKey, recordRefusedBalance, refreshAccount, saveConnection } from './connection';
import { findPerson, gitHubProfileOnTab, prepareGitHubFind } from './find-person';
import {
  type BulkAction,
  type StartBulkInput as BulkStart,
  controlBulk,
  startBulkReveal,
} from './jobs/bulk-reveal';
import { readTabPeople } from './page-people';
import { fail, ok, type Result, refuse } from './result';
import { checkCutOffReveal, reveal } from './reveal';
import {
  backToEarlierSearch,
  deleteSavedSearch,
  goToPage,
  renameSavedSearch,
  runSavedSearch,
  type StartSearchInput as SearchStart,
  saveCurrentSearch,
  searchSelection,
  startSearch,
} from './search';
import { onProfileSeen, refreshBadges } from './tabs';
import { refreshMembership, type TeamHeldTarget, teamHeld } from './team';

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

type ResultOf<K extends keyof ProtocolMap> = ReturnType<ProtocolMap[K]>;
type ValueOf<K extends keyof ProtocolMap> = ResultOf<K> extends Result<infer T> ? T : never;

/**
 * How a UI request is answered: the sender checked (extension pages only), the data validated, and every outcome,
 * success or failure, a {@link Result}. The handler runs only when both checks pass.
 */
export async function answer<T>(
  type: string,
  schema: z.ZodMiniType,
  handler: (input: never) => Promise<T>,
  data: unknown,
  sender: Sender,
): Promise<Result<T>> {
  if (!isExtensionPage(sender))
    return fail(refuse(`"${type}" is accepted from the extension's own pages only.`));
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) {
    // Size limits carry a plain sentence of their own (see `message-schemas.ts`): shown as is.
    const tooBig = parsed.error.issues.find((issue) => issue.code === 'too_big');
    if (tooBig) return fail(refuse(tooBig.message));
    return fail(refuse(`Invalid "${type}" request: ${z.prettifyError(parsed.error)}`));
  }
  try {
    return ok(await handler(parsed.data as never));
  } catch (error) {
    await recordRefusedBalance(error);
    return fail(error);
  }
}

/** Registers {@link answer} for one message type. */
function expose<K extends Exclude<keyof ProtocolMap, 'profileSeen'>>(
  type: K,
  schema: z.ZodMiniType,
  handler: (input: never) => Promise<ValueOf<K>>,
): void {
  onMessage(type, ({ data, sender }) => answer(type, schema, handler, data, sender) as Promise<ResultOf<K>>);
}

/** Registers every message handler. Called synchronously when the background starts. */
export function registerMessageHandlers(): void {
  onMessage('profileSeen', async ({ data, sender }) => {
    if (!isLinkedInContentScript(sender)) return;
    const parsed = ProfileDetection.safeParse(data);
    if (parsed.success) await onProfileSeen(sender.tab.id, parsed.data);
  });

  expose('saveConnection', SaveConnectionInput, (input: z.infer<typeof SaveConnectionInput>) =>
    saveConnection(input),
  );
  expose('forgetKey', NoInput, async () => {
    await forgetKey();
    return null;
  });
  expose('refreshAccount', NoInput, () => refreshAccount());
  expose('reveal', RevealInput, async (input: RevealRequest) => {
    const outcome = await reveal(input);
    await refreshBadges().catch((error) => console.warn('Could not refresh the badges', error));
    // A team member's spend moved: the gateway's figures (free) for the options and usage pages.
    void refreshMembership().catch((error) => console.warn('Could not refresh the team membership', error));
    return outcome;
  });
  expose('checkCutOffReveal', JobInput, ({ jobId }: { jobId: string }) => checkCutOffReveal(jobId));
  expose('startSearch', StartSearchInput, (input: SearchStart) => startSearch(input));
  expose('goToPage', PageInput, ({ start }: { start: number }) => goToPage(start));
  expose('backToEarlierSearch', NoInput, () => backToEarlierSearch());
  expose('saveSearch', NameInput, ({ name }: { name: string }) => saveCurrentSearch(name));
  expose('renameSavedSearch', RenameInput, ({ id, name }: { id: string; name: string }) =>
    renameSavedSearch(id, name),
  );
  expose('deleteSavedSearch', IdInput, async ({ id }: { id: string }) => {
    await deleteSavedSearch(id);
    return null;
  });
  expose('runSavedSearch', IdInput, ({ id }: { id: string }) => runSavedSearch(id));
  expose('searchSelection', SelectionSearchInput, (input: Parameters<typeof searchSelection>[0]) =>
    searchSelection(input),
  );
  expose('startBulkReveal', StartBulkInput, (input: BulkStart) => startBulkReveal(input));
  expose('controlBulk', BulkControlInput, ({ action }: { action: BulkAction }) => controlBulk(action));
  expose('findPerson', FindPersonInput, ({ query }: { query: FindQuery }) => findPerson(query));
  expose('gitHubProfileOnTab', TabInput, ({ tabId }: { tabId: number }) => gitHubProfileOnTab(tabId));
  expose('prepareGitHubFind', TabInput, ({ tabId }: { tabId: number }) => prepareGitHubFind(tabId));
  expose('teamHeld', TeamHeldInput, ({ people }: { people: TeamHeldTarget[] }) => teamHeld(people));
  expose('pagePeople', TabInput, ({ tabId }: { tabId: number }) => readTabPeople(tabId));
  expose('removeContacts', KeysInput, async ({ keys }: { keys: string[] }) => {
    await vault.remove(keys);
    await refreshBadges().catch((error) => console.warn('Could not refresh the badges', error));
    return { removed: keys.length };
  });
  expose('clearVault', NoInput, async () => {
    const removed = await vault.clear();
    await refreshBadges().catch((error) => console.warn('Could not refresh the badges', error));
    return { removed };
  });
}
