import type { UploadSource } from './upload-queue.ts';

// Files and whole folders dropped from the computer. A folder arrives as a directory entry
// (DataTransferItem.webkitGetAsEntry) whose files are read recursively; each file then
// carries its path inside the dropped folder, from which the server builds the tree.

type FileEntryLike = {
  isFile: true;
  isDirectory: false;
  fullPath: string;
  file: (ok: (file: File) => void, fail: (error: unknown) => void) => void;
};
type DirectoryEntryLike = {
  isFile: false;
  isDirectory: true;
  fullPath: string;
  createReader: () => { readEntries: (ok: (entries: EntryLike[]) => void, fail: (error: unknown) => void) => void };
};
export type EntryLike = FileEntryLike | DirectoryEntryLike;

type ItemLike = { kind: string; webkitGetAsEntry?: () => unknown; getAsFile: () => File | null };
export type DroppedData = { items?: ArrayLike<ItemLike> | null; files: ArrayLike<File> };

async function readDirectory(dir: DirectoryEntryLike): Promise<EntryLike[]> {
  const reader = dir.createReader();
  const all: EntryLike[] = [];
  // readEntries answers in batches (100 in Chromium) until it answers none.
  for (;;) {
    const batch = await new Promise<EntryLike[]>((ok, fail) => reader.readEntries(ok, fail));
    if (!batch.length) return all;
    all.push(...batch);
  }
}

async function walk(entry: EntryLike, out: UploadSource[], inFolder: boolean): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((ok, fail) => entry.file(ok, fail));
    out.push(inFolder ? { file, relativePath: entry.fullPath.replace(/^\/+/, '') } : { file });
    return;
  }
  for (const child of await readDirectory(entry)) await walk(child, out, true);
}

/**
 * What a drop holds, as upload sources. The entries are taken synchronously (the browser
 * empties the data transfer once the drop handler returns); reading them happens after.
 */
export function readDroppedSources(data: DroppedData): Promise<UploadSource[]> {
  const entries: EntryLike[] = [];
  const loose: File[] = [];
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.() as EntryLike | null | undefined;
    if (entry) entries.push(entry);
    else {
      // A data transfer built by a script has no entries, only files.
      const file = item.getAsFile();
      if (file) loose.push(file);
    }
  }
  if (!data.items) loose.push(...Array.from(data.files));
  return (async () => {
    const out: UploadSource[] = loose.map((file) => ({ file }));
    for (const entry of entries) await walk(entry, out, false);
    return out;
  })();
}
