import { defineConfig } from 'vitest/config';
import firefox from './vitest.firefox.config';

/** `npm run screenshots:firefox`: the Firefox stage's set-up, running only the screenshot journey. */
export default defineConfig({ test: { ...firefox.test, include: ['test/e2e-firefox/**/*.shots.ts'] } });
