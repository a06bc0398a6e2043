/**
 * The extension's database as the journeys and the benches reach it from inside the extension (its worker or a page
 * of its origin): code as text, evaluated there (tsx would wrap named helpers in a `__name` call the page does not
 * have). `openLensDb()` waits for the background to have made the layout (it opens the database at its start) and
 * never makes one itself.
 */

/** Defines `openLensDb()`: the extension's database once the background has made it. */
export const OPEN_DB = `
  async function openLensDb() {
    for (let tries = 0; tries < 200; tries++) {
      const opened = await new Promise((resolve, reject) => {
        const request = indexedDB.open('candidate-lens');
        // Not made yet: give up this open rather than make an empty layout the background would not upgrade.
        request.onupgradeneeded = () => request.transaction.abort();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
      });
      if (opened && opened.objectStoreNames.contains('contacts')) return opened;
      opened?.close();
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the extension never made its database');
  }`;

/**
 * Defines `putRecords(records)` (beside {@link OPEN_DB}): stores vault records raw, new contacts each, in one
 * transaction, with the kept totals counted up as the background's writer keeps them.
 */
export const PUT_RECORDS = `${OPEN_DB}
  async function putRecords(records) {
    const db = await openLensDb();
    await new Promise((resolve, reject) => {
      const tx = db.transaction(['contacts', 'meta'], 'readwrite');
      const meta = tx.objectStore('meta');
      const kept = meta.get('contacts-totals');
      kept.onsuccess = () => {
        const items = ['email', 'phone', 'detailed_profile', 'healthcare_profile'];
        const totals = kept.result ?? { total: 0, held: Object.fromEntries(items.map((item) => [item, 0])) };
        for (const record of records) {
          tx.objectStore('contacts').put(record);
          totals.total++;
          for (const item of items) if (record[item]?.found === true) totals.held[item]++;
        }
        meta.put(totals, 'contacts-totals');
      };
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }`;

/** Defines `storedContacts()` (beside {@link OPEN_DB}): every record in the vault's store, as stored. */
export const STORED_CONTACTS = `${OPEN_DB}
  async function storedContacts() {
    const db = await openLensDb();
    const all = await new Promise((resolve, reject) => {
      const request = db.transaction('contacts').objectStore('contacts').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return all;
  }`;

/** Empties every store of the database, if the background has made it (a journey's reset). */
export const CLEAR_DB = `(async () => {
  const db = await new Promise((resolve) => {
    const request = indexedDB.open('candidate-lens');
    request.onupgradeneeded = () => request.transaction.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
  });
  if (!db) return;
  const names = [...db.objectStoreNames];
  if (names.length > 0) {
    await new Promise((resolve, reject) => {
      const tx = db.transaction(names, 'readwrite');
      for (const name of names) tx.objectStore(name).clear();
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
  }
  db.close();
})()`;

/**
 * Defines `putLedger(entries)` (beside {@link OPEN_DB}): stores ledger entries with their day and order as the
 * background writes them, in one transaction, and announces them on the changes channel as it does.
 */
export const PUT_LEDGER = `${OPEN_DB}
  async function putLedger(entries) {
    const db = await openLensDb();
    const pad = (n) => String(n).padStart(2, '0');
    const dayOf = (at) => { const d = new Date(at); return d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()); };
    await new Promise((resolve, reject) => {
      const tx = db.transaction(['ledger'], 'readwrite');
      entries.forEach((entry, i) => tx.objectStore('ledger').put({ ...entry, day: dayOf(entry.at), seq: 1e9 + i }));
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    const channel = new BroadcastChannel('candidate-lens-changes');
    channel.postMessage({ store: 'ledger', keys: entries.map((entry) => entry.id) });
    channel.close();
  }`;

/** Defines `storedLedger()` (beside {@link OPEN_DB}): every ledger entry stored, in the order written. */
export const STORED_LEDGER = `${OPEN_DB}
  async function storedLedger() {
    const db = await openLensDb();
    const all = await new Promise((resolve, reject) => {
      const request = db.transaction('ledger').objectStore('ledger').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return all.sort((a, b) => a.seq - b.seq);
  }`;

/**
 * Defines `unhandOver(ids)` (beside {@link OPEN_DB}): puts those ledger entries back to "written ahead, not handed to
 * the network", the state a worker stopped between an entry's two writes leaves (a window of milliseconds, too
 * short for a journey to stop in by timing).
 */
export const UNHAND_OVER = `${OPEN_DB}
  async function unhandOver(ids) {
    const db = await openLensDb();
    await new Promise((resolve, reject) => {
      const tx = db.transaction('ledger', 'readwrite', { durability: 'strict' });
      const store = tx.objectStore('ledger');
      for (const id of ids) {
        const request = store.get(id);
        request.onsuccess = () => store.put({ ...request.result, handedAt: null });
      }
      tx.oncomplete = () => resolve(undefined);
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }`;

/** Defines `shownBulkJob()` (beside {@link OPEN_DB}): the bulk reveal the pages show, without its contacts, or null. */
export const SHOWN_BULK_JOB = `${OPEN_DB}
  async function shownBulkJob() {
    const db = await openLensDb();
    const job = await new Promise((resolve, reject) => {
      const request = db.transaction('jobs').objectStore('jobs').index('current').get('bulk-reveal');
      request.onsuccess = () => resolve(request.result ?? null);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return job;
  }`;

/** Defines `storedSearch()` (beside {@link OPEN_DB}): the current search as stored, or null. */
export const STORED_SEARCH = `${OPEN_DB}
  async function storedSearch() {
    const db = await openLensDb();
    const search = await new Promise((resolve, reject) => {
      const request = db.transaction('searches').objectStore('searches').get('current');
      request.onsuccess = () => resolve(request.result ?? null);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return search;
  }`;

/**
 * Defines `putSearch(session)` (beside {@link OPEN_DB}): stores the current search (null: none), then says so on the
 * changes channel as the background does, so an open side panel shows it.
 */
export const PUT_SEARCH = `${OPEN_DB}
  async function putSearch(session) {
    const db = await openLensDb();
    await new Promise((resolve, reject) => {
      const tx = db.transaction('searches', 'readwrite');
      if (session === null) tx.objectStore('searches').delete('current');
      else tx.objectStore('searches').put(session, 'current');
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
    const channel = new BroadcastChannel('candidate-lens-changes');
    channel.postMessage({ store: 'searches', keys: ['current'] });
    channel.close();
  }`;
