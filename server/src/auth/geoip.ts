import { isPublicAddress, unmapIPv4 } from '../net/address-guard.ts';

export type Place = { city: string | null; country: string | null };
export interface GeoLocator {
  locate(ip: string | null | undefined): Promise<Place>;
}

type GeoipLite = {
  lookup(ip: string): { city?: string; country?: string } | null;
  clear(): void;
  reloadData(callback: (error: unknown) => void): void;
};

const NOWHERE: Place = { city: null, country: null };
const IDLE_RELEASE_MS = 10 * 60_000;
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * City and country from the offline GeoLite database that geoip-lite ships. Its tables take
 * about 110 MB, so they load at the first sign-in and are let go after ten idle minutes.
 */
export class GeoIpLocator implements GeoLocator {
  private module: Promise<GeoipLite> | null = null;
  private loaded = false;
  private idleTimer: NodeJS.Timeout | null = null;

  async locate(ip: string | null | undefined): Promise<Place> {
    // Private, loopback and reserved addresses are nowhere on a map.
    if (!ip || !isPublicAddress(ip)) return NOWHERE;
    try {
      const geoip = await this.open();
      const hit = geoip.lookup(unmapIPv4(ip));
      if (!hit) return NOWHERE;
      const country = hit.country ? (regionNames.of(hit.country) ?? hit.country) : null;
      return { city: hit.city || null, country };
    } catch {
      return NOWHERE;
    }
  }

  private async open(): Promise<GeoipLite> {
    // Importing loads the tables; after a release they are read again, asynchronously.
    this.module ??= import('geoip-lite').then((m) => {
      this.loaded = true;
      return ((m as { default?: GeoipLite }).default ?? m) as GeoipLite;
    });
    const geoip = await this.module;
    if (!this.loaded) {
      await new Promise<void>((resolve, reject) => geoip.reloadData((error) => (error ? reject(error) : resolve())));
      this.loaded = true;
    }
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      geoip.clear();
      this.loaded = false;
    }, IDLE_RELEASE_MS).unref();
    return geoip;
  }
}
