/** The user's settings: the service's address, the default reveal, retention, warnings and spending caps. */
import * as z from 'zod/mini';
import { RETRIEVABLE, type Retrievable } from '../../api/schema-parts';
import { defineStored, type Read } from './item';
import { KEYS } from './keys';

declare const __API_BASE_URL__: string;

/** The service base URL this build targets (`WXT_API_BASE_URL` at build time; the local simulator otherwise). */
export const DEFAULT_BASE_URL: string =
  typeof __API_BASE_URL__ === 'string' ? __API_BASE_URL__ : 'http://127.0.0.1:8787';

/** Items chosen to reveal. */
export const Selection = z.array(z.enum(RETRIEVABLE));
export type Selection = Retrievable[];

export const Settings = z.object({
  baseUrl: z.string(),
  /** The reveal boxes that start checked, and what the context menu reveals. */
  defaultSelection: Selection,
  /** Revealed contacts older than this are removed from the vault. */
  retentionDays: z.int().check(z.gte(1), z.lte(3650)),
  /** A bulk reveal whose maximum is above this many credits is called out plainly before it is confirmed. */
  confirmAboveCredits: z.optional(z.int().check(z.gte(0))),
  /** No paid call is sent that could take today's spending (local day) above this many credits. */
  dailyCapCredits: z.optional(z.int().check(z.gte(0))),
  /** No paid call is sent that could take this month's spending above this many credits. */
  monthlyCapCredits: z.optional(z.int().check(z.gte(0))),
  /** The popup and side panel warn when the balance is below this many credits. */
  lowBalanceBelow: z.optional(z.int().check(z.gte(0))),
  /**
   * A held item bought longer ago than this many months is offered "Check again" (a priced click). Absent: the
   * default (`DEFAULT_CHECK_AGAIN_MONTHS`); 0: never offered. Optional, so settings stored before it read unchanged.
   */
  checkAgainAfterMonths: z.optional(z.int().check(z.gte(0), z.lte(120))),
});
export type Settings = z.infer<typeof Settings>;

/** The default of `confirmAboveCredits`: a bulk reveal that may cost more is called out before it is confirmed. */
export const DEFAULT_CONFIRM_ABOVE = 100;

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: DEFAULT_BASE_URL,
  defaultSelection: ['email'],
  retentionDays: 365,
};

const settingsItem = defineStored({
  key: KEYS.settings,
  schema: Settings,
  fallback: DEFAULT_SETTINGS,
  label: 'settings',
  version: 1,
});

/** The settings in force, and whether the stored ones could not be read (the defaults are in force then). */
export interface SettingsReadout {
  value: Settings;
  unreadable: boolean;
}
const readout = (read: Read<Settings>): SettingsReadout =>
  read.state === 'ok'
    ? { value: read.value, unreadable: false }
    : { value: DEFAULT_SETTINGS, unreadable: read.state === 'unreadable' };

export const settings = {
  get: (): Promise<Settings> => settingsItem.get(),
  /** The settings with word of a stored value that could not be read (set aside under `unreadable:settings`). */
  async read(): Promise<SettingsReadout> {
    return readout(await settingsItem.read());
  },
  watchRead(cb: (value: SettingsReadout) => void) {
    return settingsItem.watchRead((read) => cb(readout(read)));
  },
  set: (value: Settings): Promise<void> => settingsItem.set(value),
  watch: (cb: (value: Settings) => void) => settingsItem.watch(cb),
};
