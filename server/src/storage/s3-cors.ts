/** A bucket CORS rule as S3 takes it (the SDK's CORSRule, with the fields Kosh reads made required). */
export type CorsRule = {
  AllowedOrigins: string[];
  AllowedMethods: string[];
  AllowedHeaders?: string[];
  ExposeHeaders?: string[];
  MaxAgeSeconds?: number;
};

/** What a browser sending a file straight to the bucket needs: PUT with any header, and the ETag back. */
export const DIRECT_UPLOAD_METHODS = ['PUT', 'GET', 'HEAD'];

export const uploadRuleFor = (origin: string): CorsRule => ({
  AllowedOrigins: [origin],
  AllowedMethods: DIRECT_UPLOAD_METHODS,
  AllowedHeaders: ['*'],
  ExposeHeaders: ['ETag'],
  MaxAgeSeconds: 3600,
});

/** Whether a rule lets `origin` PUT any header and read ETag (what direct uploads do). */
export function allowsUploads(rule: CorsRule, origin: string): boolean {
  return (
    (rule.AllowedOrigins.includes(origin) || rule.AllowedOrigins.includes('*')) &&
    rule.AllowedMethods.includes('PUT') &&
    (rule.AllowedHeaders ?? []).includes('*') &&
    (rule.ExposeHeaders ?? []).some((h) => h.toLowerCase() === 'etag')
  );
}

/** The rules with one that allows uploads from `origin`, the others kept as they were. */
export function withUploadOrigin(rules: CorsRule[], origin: string): CorsRule[] {
  if (rules.some((rule) => allowsUploads(rule, origin))) return rules;
  return [...rules, uploadRuleFor(origin)];
}
