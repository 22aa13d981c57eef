import v8 from 'node:v8';
import vm from 'node:vm';

type Collect = (options: { type: 'minor'; execution: 'sync' }) => void;
let collect: Collect | undefined;

/**
 * A minor (young-generation) garbage collection, for code that streams gigabytes in. Node copies
 * every chunk of a request body into a new buffer, outside the JavaScript heap; V8 counts them
 * and, every 64 MB of such memory, runs a full mark-compact of the whole heap to find the dead
 * ones. Over a 1 GiB upload that was some 20 full collections, a few seconds of CPU and 70 MB
 * of RSS swinging up and down. The chunks die young: a scavenge of the young generation every
 * few megabytes frees them for about a millisecond, before the full collection is due.
 * `gc` comes from a context of its own: the app's global object does not get it.
 */
export function collectYoungGarbage(): void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as Collect;
  }
  collect({ type: 'minor', execution: 'sync' });
}
