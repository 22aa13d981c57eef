/** Starts a download through an anchor, so the browser keeps the page and shows its own progress. */
export function startDownloadAt(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
