/**
 * Money is written ahead, seen in a real browser's IndexedDB: a paid call's ledger entry, then its hand-over to the
 * network, are committed — the transactions that write them have fired `complete`, and asked for
 * `durability: 'strict'` — before its request leaves.
 * The unit tests run on fake-indexeddb, which has no disk and ignores durability; this is Chromium's own database.
 *
 * The worker's `IDBDatabase.prototype.transaction`, `IDBObjectStore.prototype.put` and `fetch` are watched, not
 * replaced: each still does what it did. `complete` fires once the transaction's changes are committed (IndexedDB,
 * "committing a transaction"), and with 'strict' only once they are flushed to disk (IndexedDB 3, durability hints).
 */
import { DEMO_PROFILES } from '../../sim/demo-profiles';
import { expect, test } from './fixtures';

const ADA = DEMO_PROFILES.full;

interface LedgerWrite {
  durability: string;
  /** It wrote an uncertain charge not yet handed to the network: a paid call's entry, written ahead. */
  aheadOfCall: boolean;
  /** It recorded that entry's hand-over to the network (the write just before `fetch`). */
  handedOver: boolean;
  committed: boolean;
}

test("a reveal's ledger entry is committed, with strict durability, before its lookup leaves", async ({
  connect,
  context,
  background,
  openExtensionPage,
  tabIdOf,
}) => {
  await connect();
  await background.evaluate(() => {
    const scope = self as unknown as {
      ledgerWrites: LedgerWrite[];
      atLookup: LedgerWrite[] | null;
      fetch: typeof fetch;
    };
    scope.ledgerWrites = [];
    scope.atLookup = null;
    const byTransaction = new WeakMap<IDBTransaction, LedgerWrite>();
    const transaction = IDBDatabase.prototype.transaction;
    IDBDatabase.prototype.transaction = function (
      this: IDBDatabase,
      ...args: Parameters<typeof transaction>
    ) {
      const tx = transaction.apply(this, args);
      const [names, mode] = args;
      if (mode === 'readwrite' && (typeof names === 'string' ? [names] : [...names]).includes('ledger')) {
        const write: LedgerWrite = {
          durability: tx.durability,
          aheadOfCall: false,
          handedOver: false,
          committed: false,
        };
        scope.ledgerWrites.push(write);
        byTransaction.set(tx, write);
        tx.addEventListener('complete', () => {
          write.committed = true;
        });
      }
      return tx;
    } as typeof transaction;
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      const value = args[0] as { kind?: string; state?: string; handedAt?: string | null } | undefined;
      const write = byTransaction.get(this.transaction);
      if (write && this.name === 'ledger' && value?.kind === 'charge' && value.state === 'uncertain') {
        if (value.handedAt === null) write.aheadOfCall = true;
        else if (typeof value.handedAt === 'string') write.handedOver = true;
      }
      return put.apply(this, args);
    } as typeof put;
    const send = scope.fetch;
    scope.fetch = function (this: unknown, input: RequestInfo | URL, init?: RequestInit) {
      // What the ledger's writes had reached at the moment the request is handed to the network.
      if (String(input).endsWith('/v1/lookup')) scope.atLookup = scope.ledgerWrites.map((w) => ({ ...w }));
      return send.call(this, input, init);
    } as typeof fetch;
  });

  const profile = await context.newPage();
  await profile.goto(`${ADA.social_url}/`);
  const popup = await openExtensionPage(`popup.html?tabId=${await tabIdOf(profile)}`);
  await popup.getByRole('button', { name: 'Reveal' }).click();
  await expect(popup.getByTestId('charged')).toContainText('Charged 3');

  const atLookup = await background.evaluate(() => (self as unknown as { atLookup: LedgerWrite[] }).atLookup);
  const ahead = atLookup.filter((w) => w.aheadOfCall);
  expect(ahead, 'the lookup wrote one entry ahead of its request').toHaveLength(1);
  expect(ahead[0]).toEqual({ durability: 'strict', aheadOfCall: true, handedOver: false, committed: true });
  // Its hand-over to the network is on the disk too before the request is given to `fetch`: an entry a stop leaves
  // without it provably never left.
  const handed = atLookup.filter((w) => w.handedOver);
  expect(handed, 'the hand-over was recorded once, after the entry').toHaveLength(1);
  expect(handed[0]).toEqual({ durability: 'strict', aheadOfCall: false, handedOver: true, committed: true });
  expect(atLookup.indexOf(handed[0]!)).toBeGreaterThan(atLookup.indexOf(ahead[0]!));
  // Every write of the ledger asks for the disk, the settlement after the answer included.
  const all = await background.evaluate(
    () => (self as unknown as { ledgerWrites: LedgerWrite[] }).ledgerWrites,
  );
  expect(all.length).toBeGreaterThan(1);
  expect(new Set(all.map((w) => w.durability))).toEqual(new Set(['strict']));
});
