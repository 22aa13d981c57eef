// Fails when a line of code is wider than the width in biome.jsonc (the formatter wraps code
// but not long strings and comments, so those are checked here). Data and prose (JSON,
// Markdown, HTML page bodies) are not code and are not checked.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const config = readFileSync(join(root, 'biome.jsonc'), 'utf8');
const width = Number(config.match(/"lineWidth":\s*(\d+)/)?.[1] ?? 120);
const code = /\.(ts|tsx|js|mjs|cjs|css|sh)$/;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root })
  .toString()
  .split('\n')
  .filter((file) => code.test(file) || file === '.ci/run');

const wide: string[] = [];
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(join(root, file), 'utf8');
  } catch {
    continue; // deleted in the working tree
  }
  text.split('\n').forEach((line, index) => {
    const length = [...line].length;
    if (length > width) wide.push(`${file}:${index + 1}: ${length} characters`);
  });
}

if (wide.length) {
  console.log(`${wide.length} line(s) wider than ${width} characters:`);
  for (const line of wide) console.log(`  ${line}`);
  process.exitCode = 1;
} else {
  console.log(`${files.length} files, every line at most ${width} characters`);
}
