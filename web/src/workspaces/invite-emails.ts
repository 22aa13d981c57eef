/** Splits what was typed into addresses: commas, semicolons, spaces and new lines separate them; repeats go. */
export const emailsOf = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((e) => e.trim())
      .filter(Boolean),
  ),
];
