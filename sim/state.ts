/**
 * Everything a running simulator holds: the dataset and its search engine (fixed for its life), the key balances,
 * the queued faults and the request log (all three back to their start on reset).
 */
import { buildDataset, DEFAULT_SEED } from './dataset/build-dataset';
import type { Dataset } from './dataset/types';
import { FaultController } from './faults';
import { BUILT_IN_KEYS, type SimKey } from './keys';
import { RequestLog } from './request-log';
import { SearchEngine } from './search/search-engine';

export interface SimStateOptions {
  /** Replaces the built-in keys. */
  keys?: Record<string, SimKey>;
  /** Dataset seed (default {@link DEFAULT_SEED}). */
  seed?: number;
}

export class SimState {
  readonly dataset: Dataset;
  readonly search: SearchEngine;
  readonly faults = new FaultController();
  readonly requests = new RequestLog();
  private readonly initialKeys: Readonly<Record<string, SimKey>>;
  private keys = new Map<string, SimKey>();

  constructor(options: SimStateOptions = {}) {
    this.dataset = buildDataset(options.seed ?? DEFAULT_SEED);
    this.search = new SearchEngine(this.dataset);
    this.initialKeys = structuredClone(options.keys ?? BUILT_IN_KEYS);
    this.resetKeys();
  }

  /** The account of a key; undefined when the key is unknown. */
  key(name: string): SimKey | undefined {
    return this.keys.get(name);
  }

  /** Every key with its account (copies). */
  listKeys(): Record<string, SimKey> {
    return Object.fromEntries([...this.keys].map(([name, key]) => [name, { ...key }]));
  }

  /** Adds a key or replaces its account. */
  setKey(name: string, key: SimKey): void {
    this.keys.set(name, { ...key });
  }

  /**
   * Takes `credits` from a key. Callers check the balance and charge in the same synchronous step (no `await` in
   * between), which is what keeps concurrent requests from overdrawing: Node runs one handler step at a time.
   */
  charge(name: string, credits: number): number {
    const key = this.keys.get(name);
    if (!key) throw new Error('charge: unknown key');
    if (credits > key.remaining) throw new Error('charge: balance would go negative');
    key.remaining -= credits;
    return key.remaining;
  }

  /** Balances, faults and the request log back to how the simulator started. Hung requests are released. */
  reset(): void {
    this.resetKeys();
    this.faults.clear();
    this.requests.clear();
  }

  private resetKeys(): void {
    this.keys = new Map(Object.entries(structuredClone(this.initialKeys)));
  }
}
