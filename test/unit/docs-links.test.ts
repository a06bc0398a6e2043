/**
 * Every relative link in the repository's Markdown (README, CONTRIBUTING, PRIVACY, docs/, gateway/, sim/, …) leads to
 * a file that exists and, with a `#fragment` into Markdown, to a heading that exists there, named as GitHub names it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/** Folders that hold no Markdown of the project's own: dependencies, builds, test output, dot-folders. */
const SKIPPED = new Set(['node_modules', 'test-results', 'playwright-report', 'screenshots']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** The text with fenced code blocks and code spans blanked: a link written as code is not a link. */
function withoutCode(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/(`+)[^`\n][\s\S]*?\1/g, (span) => ' '.repeat(span.length));
}

/** Link targets: inline links and images `[text](target "title")`, and reference definitions `[name]: target`. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
  const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)];
  return [...inline, ...references].map((match) => match[1]!);
}

/** GitHub's anchor for each heading of a Markdown text (a repeated one gets `-1`, `-2`, …). */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutCodeBlocks(markdown).matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = match[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[`*]/g, '')
      .replace(/<[^>]+>/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/**
 * The links of `file` (its text `markdown`) that lead nowhere, each as written. `read` gives another Markdown file's
 * text, `exists` says whether a path is there.
 */
function brokenLinks(
  file: string,
  markdown: string,
  exists: (path: string) => boolean,
  read: (path: string) => string,
): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (/^[a-z][a-z\d+.-]*:/i.test(target)) continue; // https:, mailto:, …: not a file of the repository
    const [rawPath = '', fragment] = target.split('#', 2) as [string, string | undefined];
    const path = decodeURIComponent(rawPath.split('?')[0]!);
    const into = path === '' ? file : resolve(dirname(file), path);
    if (path !== '' && !exists(into)) {
      broken.push(target);
      continue;
    }
    if (fragment !== undefined && into.endsWith('.md')) {
      const text = into === file ? markdown : read(into);
      if (!headingAnchors(text).has(decodeURIComponent(fragment).toLowerCase())) broken.push(target);
    }
  }
  return broken;
}

describe("the Markdown's relative links", () => {
  const files = markdownFiles(ROOT);
  const read = (path: string) => readFileSync(path, 'utf8');

  it('are checked in every Markdown file of the project', () => {
    const names = files.map((file) => relative(ROOT, file));
    for (const expected of [
      'README.md',
      'CONTRIBUTING.md',
      'PRIVACY.md',
      'gateway/README.md',
      'sim/README.md',
    ])
      expect(names).toContain(expected);
    expect(names.some((name) => name.startsWith('docs/'))).toBe(true);
    expect(names.some((name) => name.includes('node_modules'))).toBe(false);
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))('%s: every one leads somewhere', (_, file) => {
    expect(brokenLinks(file, read(file), existsSync, read)).toEqual([]);
  });

  it('finds a link to a missing file, a missing heading, and ignores links written as code', () => {
    const here = join(ROOT, 'docs/example.md');
    const other = `# Other page\n\n## Set-up, step by step\n\n## The \`gateway/\` (team)\n\n## Notes\n\n## Notes\n`;
    const markdown = [
      '# Example',
      '[ok](../README.md) [dir](store/) ![shot](screenshots/a.png) [web](https://example.org/x.md)',
      '[gone](missing.md) [img gone](screenshots/none.png)',
      '[heading](other.md#set-up-step-by-step) [code heading](other.md#the-gateway-team) [second](other.md#notes-1)',
      '[no heading](other.md#nowhere) [self](#example) [self gone](#elsewhere)',
      '`[as code](missing-too.md)`',
      '```',
      '[in a block](missing-three.md)',
      '```',
      '[ref]: also-missing.md',
    ].join('\n');
    const files: Record<string, string> = {
      [join(ROOT, 'README.md')]: '',
      [join(ROOT, 'docs/store')]: '',
      [join(ROOT, 'docs/screenshots/a.png')]: '',
      [join(ROOT, 'docs/other.md')]: other,
      [here]: markdown,
    };
    const broken = brokenLinks(
      here,
      markdown,
      (path) => path in files,
      (path) => files[path]!,
    );
    expect(broken).toEqual([
      'missing.md',
      'screenshots/none.png',
      'other.md#nowhere',
      '#elsewhere',
      'also-missing.md',
    ]);
  });
});
