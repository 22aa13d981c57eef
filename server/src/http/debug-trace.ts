import fs from 'node:fs';
import path from 'node:path';
import ErrorStackParserModule from 'error-stack-parser';
import type { DebugErrorPayload, TraceFrame, VendorGroup } from '@kosh/contracts';

type StackFrame = { fileName?: string; lineNumber?: number; functionName?: string };
type Parser = { parse(error: Error): StackFrame[] };
const isParser = (value: unknown): value is Parser =>
  typeof value === 'object' && value !== null && 'parse' in value && typeof value.parse === 'function';
// The UMD build sets module.exports.default: Node's ESM import answers that wrapper, other loaders the parser.
const loaded: unknown = ErrorStackParserModule;
const unwrapped = typeof loaded === 'object' && loaded !== null && 'default' in loaded ? loaded.default : undefined;
/** Undefined when neither shape holds: every trace is then empty. */
const ErrorStackParser = isParser(loaded) ? loaded : isParser(unwrapped) ? unwrapped : undefined;

const SNIPPET_RADIUS = 8;
const repoRoot = path.resolve(import.meta.dirname, '../../..');

function isVendor(file: string): boolean {
  return file.includes('/node_modules/') || file.startsWith('node:') || !file.startsWith(repoRoot);
}

function readSnippet(file: string, line: number): Record<string, string> {
  // Only files inside the repository are read: paths come from our own stack, never from a request.
  if (!file.startsWith(repoRoot) || !fs.existsSync(file)) return {};
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const snippet: Record<string, string> = {};
  for (let n = Math.max(1, line - SNIPPET_RADIUS); n <= Math.min(lines.length, line + SNIPPET_RADIUS); n++) {
    snippet[String(n)] = lines[n - 1];
  }
  return snippet;
}

/** The developer payload of spec part 1 section 3, built from an error's stack. */
export function buildDebugPayload(error: Error): DebugErrorPayload {
  let frames: StackFrame[] = [];
  try {
    frames = ErrorStackParser?.parse(error) ?? [];
  } catch {
    frames = [];
  }
  const trace: Array<TraceFrame | VendorGroup> = [];
  let totalVendorGroups = 0;
  for (const [flatIndex, f] of frames.entries()) {
    const file = (f.fileName ?? 'unknown').replace(/^file:\/\//, '');
    const frame: TraceFrame = {
      path: file.startsWith(repoRoot) ? path.relative(repoRoot, file) : file,
      lineNumber: f.lineNumber ?? 0,
      method: f.functionName ?? '{anonymous}',
      flatIndex,
      codeSnippet: readSnippet(file, f.lineNumber ?? 0),
    };
    const last = trace.at(-1);
    if (!isVendor(file)) trace.push(frame);
    else if (last && 'vendorGroup' in last) last.items.push(frame);
    else {
      totalVendorGroups++;
      trace.push({ vendorGroup: true, items: [frame] });
    }
  }
  return {
    message: error.message,
    exception: error.constructor?.name ?? 'Error',
    trace,
    totalVendorGroups,
    ignitionTrace: true,
  };
}
