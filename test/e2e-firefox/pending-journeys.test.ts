/**
 * Journeys whose features are being built: each lands here (or in its own `*.test.ts` next to this file) with the
 * same fixtures, when its feature does. Bulk reveal: start it from the side panel, watch its progress, pause and
 * resume, charged once per contact. LinkedIn list pages: serve the list fixture with `site.route(path, html)`, open
 * it with `openTab`, and assert the badge and what the popup offers for the page's profiles.
 */
import { test } from './fixtures';

test.todo('bulk reveal from the side panel, with progress, charged once per contact');
test.todo('detection and badge on a LinkedIn list page (people search, Sales Navigator list)');
