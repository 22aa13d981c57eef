/** Query key factories, one per area (STYLE.md "Web"). */
export const queryKeys = {
  customPages: {
    all: ['custom-pages'] as const,
    detail: (idOrSlug: string) => ['custom-pages', idOrSlug] as const,
  },
  valueLists: (names: string) => ['value-lists', names] as const,
};
