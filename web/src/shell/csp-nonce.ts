/**
 * The page's style nonce, from the `<meta property="csp-nonce">` the server writes (react-aria reads
 * the same element): libraries that add <style> elements need it under the page's Content-Security-Policy.
 * The browser hides the nonce attribute after parsing; the `nonce` property keeps it.
 */
export function cspNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}
