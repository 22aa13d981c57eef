// geoip-lite ships no types; the locator (auth/geoip.ts) narrows what it uses.
declare module 'geoip-lite' {
  const geoip: unknown;
  export default geoip;
}
