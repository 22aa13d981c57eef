import type { DriveFsck, FsckOptions } from './fsck.service.ts';

/**
 * `kosh fsck`: prints one line per finding and a summary; answers the exit code, 1 when something
 * found is still wrong (not repaired), else 0.
 */
export async function fsckCommand(
  fsck: Pick<DriveFsck, 'run'>,
  options: FsckOptions,
  out: (line: string) => void,
): Promise<number> {
  const findings = await fsck.run(options);
  for (const f of findings) out(`${f.repaired ? 'repaired' : 'found'} ${f.kind}: ${f.message}`);
  const left = findings.filter((f) => !f.repaired).length;
  const repaired = findings.length - left;
  if (!findings.length) out('fsck: no problems found');
  else out(`fsck: ${findings.length} problem(s) found, ${repaired} repaired, ${left} left`);
  return left ? 1 : 0;
}
