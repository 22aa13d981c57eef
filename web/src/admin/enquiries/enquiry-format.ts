/** The first non-blank line of a message, cut at a word near `max` characters with an ellipsis. */
export function firstLine(message: string, max = 80): string {
  const line =
    message
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find(Boolean) ?? '';
  const flat = line.replace(/\s+/g, ' ');
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The reply's subject: "Re: " and the enquiry's first line (it has no subject of its own). */
export function replySubject(message: string): string {
  const line = firstLine(message, 60);
  return line ? `Re: ${line}` : 'Re: Your enquiry';
}
