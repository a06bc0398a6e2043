/**
 * `vi.waitFor` gives up after 1 s unless told otherwise. The unit tests run beside the browser journeys on two
 * cores, where a write's round trip through the database and its change channel can take longer than that: a wait
 * that holds 5 s by default is as strict about what it waits for and does not fail on a busy machine.
 */
import { vi } from 'vitest';

const waitFor = vi.waitFor;
vi.waitFor = ((callback, options) => waitFor(callback, options ?? { timeout: 5_000 })) as typeof vi.waitFor;
