/** Splits what was typed into addresses: commas, semicolons, spaces and new lines separate them; repeats go. */
export const emailsOf = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((e) => e.trim())
      .filter(Boolean),
  ),
];

/** The shape an address must have before it is sent (the server checks again). */
const ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The typed addresses that cannot be addresses, in the order typed. */
export const badEmailsOf = (emails: string[]): string[] => emails.filter((e) => !ADDRESS.test(e));
