/**
 * Once per run: a profile that Firefox has started on once, which every test's profile is copied from (see
 * `launchFirefox`'s `template`); removed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { findFirefox, HOW_TO_GET_FIREFOX, seedProfile } from './firefox';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template profile's directory. */
    firefoxTemplateProfile: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const binary = findFirefox();
  if (!binary) throw new Error(HOW_TO_GET_FIREFOX);
  const dir = mkdtempSync(join(tmpdir(), 'candidate-lens-firefox-template-'));
  await seedProfile(binary, dir);
  project.provide('firefoxTemplateProfile', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
