/**
 * The console's script and stylesheet, bundled from `gateway/admin/ui/main.tsx` by esbuild when the gateway starts,
 * in memory. esbuild is what already runs the gateway from its TypeScript sources (tsx is built on it), so wherever the
 * gateway runs it is there: the console needs no build step of its own, no second server and no file to keep in step
 * with its sources. A bundle takes well under a second and is made once per process.
 */
import { join } from 'node:path';
import { build } from 'esbuild';

export interface ConsoleBundle {
  js: string;
  css: string;
}

const ROOT = join(import.meta.dirname, '..', '..');

let made: Promise<ConsoleBundle> | undefined;

/** The bundle, made on first call (the gateway asks at start, so the first page waits for nothing). */
export function consoleBundle(): Promise<ConsoleBundle> {
  made ??= build({
    entryPoints: [join(import.meta.dirname, 'ui', 'main.tsx')],
    absWorkingDir: ROOT,
    tsconfig: join(ROOT, 'tsconfig.json'),
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outdir: 'admin-bundle',
    logLevel: 'silent',
  }).then((result) => {
    const of = (ext: string) => result.outputFiles.find((file) => file.path.endsWith(ext))?.text ?? '';
    return { js: of('.js'), css: of('.css') };
  });
  return made;
}
