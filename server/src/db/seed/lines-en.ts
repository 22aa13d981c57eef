// Every user-visible string of the app, keyed by its English text (spec parts 1 and 2).
// `:name` words are placeholders the client fills in; translations keep them verbatim.
// The strings are data, kept in lines-en.json: one list per section, in spec order (the
// notification groups and types of server/src/notifications/notification-types.ts sit in
// `notifications`; `accountsWeb`, `driveWeb` and `sharingWeb` hold the web app's strings that
// the spec's sections do not list).
import sections from './lines-en.json' with { type: 'json' };

/** Sections in spec order; a string may sit in more than one, the record keeps one. */
export const EN_SECTIONS: Record<string, readonly string[]> = sections;

export const EN_LINES: Record<string, string> = Object.fromEntries(
  Object.values(EN_SECTIONS)
    .flat()
    .map((line) => [line, line]),
);
