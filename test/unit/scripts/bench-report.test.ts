import { describe, expect, it } from 'vitest';
import { BEGIN, type BenchRun, END, renderRun, spliceRun } from '../../../scripts/bench-report';

const RUN: BenchRun = {
  at: new Date('2026-11-28T06:00:00Z'),
  commit: 'abc1234',
  machine: { cores: 2, cpu: 'Test CPU', memoryBytes: 8 * 1024 ** 3, node: '20.20.0' },
  load: { start: [1.5, 2, 2.25], end: [3, 2.5, 2.25] },
  parts: ['dataset', 'search'],
  sizes: '1000,10000',
  lines: ['dataset     6007 profiles built in 10.00 ms', 'search      title p50 1.00 ms'],
};

describe('the bench written into the performance page', () => {
  it('says when, where, at what load and which parts ran, with the output as printed', () => {
    const block = renderRun(RUN);
    expect(block.startsWith(BEGIN)).toBe(true);
    expect(block.endsWith(END)).toBe(true);
    expect(block).toContain('2026-11-28 06:00 UTC, at commit abc1234');
    expect(block).toContain('2 cores (Test CPU), 8.0 GiB of memory');
    expect(block).toContain('1.50 / 2.00 / 2.25 at the start, 3.00 / 2.50 / 2.25 at the end');
    expect(block).toContain('the dataset, search parts only');
    expect(block).toContain('`BENCH_SIZES=1000,10000`');
    expect(block).toContain('| `search` |');
    expect(block).toMatch(/\| `gateway` \| .* \| no \|/);
    expect(block).toContain(`\`\`\`\n${RUN.lines.join('\n')}\n\`\`\``);
  });

  it('replaces only its own part of the page, keeping the prose around it', () => {
    const page = `# Performance\n\nIntro.\n\n${BEGIN}\nold figures\n${END}\n\n## Earlier\n\nKept.\n`;
    const written = spliceRun(page, renderRun(RUN));
    expect(written.startsWith('# Performance\n\nIntro.\n\n')).toBe(true);
    expect(written.endsWith('\n\n## Earlier\n\nKept.\n')).toBe(true);
    expect(written).not.toContain('old figures');
    expect(spliceRun(written, renderRun(RUN))).toBe(written);
  });

  it('makes a new page when there is none, and refuses a page without its markers', () => {
    expect(spliceRun(null, renderRun(RUN))).toMatch(/^# Performance\n[\s\S]*<!-- bench:end -->\n$/);
    expect(() => spliceRun('# Performance\n\nNo markers.\n', renderRun(RUN))).toThrow(/no bench markers/);
  });
});
