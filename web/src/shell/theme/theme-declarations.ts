/** CSS declarations of a theme's values; only custom properties are let through. */
export function themeDeclarations(values: Record<string, string>): Array<[string, string]> {
  return Object.entries(values).filter(([name, value]) => /^--[\w-]+$/.test(name) && typeof value === 'string');
}
