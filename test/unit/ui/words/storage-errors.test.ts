/**
 * No raw error text on any screen: every failure the browser can raise reaches a page as one of the product's own
 * messages with its next step. Each raw error here is as the browser words it (see `src/store/storage-problem.ts`).
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/errors';
import { fail } from '../../../../src/protocol/result';
import { LayoutTooOld } from '../../../../src/store/database/db';
import { storageProblem } from '../../../../src/store/storage-problem';
import { errorWords } from '../../../../src/ui/words/errors';

const dom = (name: string, message: string) => new DOMException(message, name);

const FULL: Array<[string, unknown]> = [
  [
    "Chromium's LevelDB on a full disk",
    new Error(
      'IO error: /profile/IndexedDB/chrome-extension_x_0.indexeddb.leveldb/000003.log: FILE_ERROR_NO_SPACE (ChromeMethodBFE: 3::WritableFileAppend::8)',
    ),
  ],
  [
    'Chromium opening on a full disk',
    dom('QuotaExceededError', 'Encountered full disk while opening backing store for indexedDB.open.'),
  ],
  [
    'the quota of an origin',
    dom('QuotaExceededError', 'The current transaction exceeded its quota limitations.'),
  ],
  ['storage.local over its limit', new Error('QUOTA_BYTES quota exceeded')],
  ['Firefox on a full disk', new Error('NS_ERROR_FILE_NO_DEVICE_SPACE')],
  [
    'a transaction aborted by a full disk',
    Object.assign(dom('AbortError', 'The transaction was aborted.'), {
      cause: dom('QuotaExceededError', 'quota exceeded'),
    }),
  ],
];

const FAILED: Array<[string, unknown]> = [
  [
    "Chromium's backing store",
    dom('UnknownError', 'Internal error opening backing store for indexedDB.open.'),
  ],
  [
    'a disk IO error',
    dom('UnknownError', 'The operation failed for reasons unrelated to the database itself.'),
  ],
  ['a record that cannot be retrieved', dom('NotReadableError', 'Unable to read the record.')],
  ['LevelDB damaged', new Error('Corruption: block checksum mismatch')],
  ['Firefox, a damaged file', new Error('NS_ERROR_FILE_CORRUPTED')],
  ['a closing connection', dom('InvalidStateError', 'The database connection is closing.')],
];

const RAW = /FILE_ERROR|QUOTA|NS_ERROR|backing store|Corruption|IO error|DOMException|Error:|indexedDB/i;

function screenText(error: unknown): string {
  const { title, detail, nextStep } = errorWords(fail(error).error);
  return [title, detail, nextStep].join(' ');
}

describe('raw storage errors in the product words', () => {
  it.each(FULL)('%s: the disk is almost full, free some space', (_, error) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(storageProblem(error)).toBe('full');
    const words = errorWords(fail(error).error);
    expect(words.title).toBe('Your disk is almost full');
    expect(words.nextStep).toBe('Free some space, then try again.');
    expect(screenText(error)).not.toMatch(RAW);
    // The raw text is for the console.
    expect(console.warn).toHaveBeenCalledWith("The browser's storage failed", error);
  });

  it.each(FAILED)('%s: the stored data could not be used, restart the browser', (_, error) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(storageProblem(error)).toBe('failed');
    const words = errorWords(fail(error).error);
    expect(words.title).toBe("The extension's stored data could not be used");
    expect(words.nextStep).toBe('Restart the browser, then try again.');
    expect(screenText(error)).not.toMatch(RAW);
  });

  it('any other fault of the extension: its own words, not the exception', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const text = screenText(new TypeError("Cannot read properties of undefined (reading 'items')"));
    expect(text).toBe(
      'Something went wrong Something went wrong in the extension. Try again. If it keeps happening, reload the extension.',
    );
  });

  it('a raw error handed to the words directly, or stored raw by an earlier version, is said in words too', () => {
    expect(errorWords(new Error('IO error: x/000003.log: FILE_ERROR_NO_SPACE')).title).toBe(
      'Your disk is almost full',
    );
    const stored = new ApiError({
      kind: 'unexpected',
      message: 'IO error: x/000003.log: FILE_ERROR_NO_SPACE',
    }).toJSON();
    expect(errorWords(stored).detail).not.toMatch(RAW);
    expect(errorWords(stored).title).toBe('Your disk is almost full');
  });

  it('an old layout is said in its own words, which say what to do', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const words = errorWords(fail(new LayoutTooOld(0, 1)).error);
    expect(words.detail).toContain('older than the oldest this version reads');
  });
});
