import vm from 'node:vm';
import type { Theme } from '@kosh/contracts';
import { describe, expect, it } from 'vitest';
import { appLoaderScript, isMobileDevice, themePaintScript } from './page-render.ts';

const theme = (id: number, isDark: boolean, values: Record<string, string>): Theme => ({
  id,
  name: `Theme ${id}`,
  is_dark: isDark,
  default_light: !isDark,
  default_dark: isDark,
  values,
});

/** Runs the script as a browser would, on a device that does or does not prefer dark. */
function paint(script: string, prefersDark: boolean) {
  const style = new Map<string, string>();
  const classes = new Set<string>();
  const root = {
    style: { setProperty: (name: string, value: string) => style.set(name, value) },
    classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    dataset: {} as Record<string, string>,
  };
  const body = script.replace(/^<script nonce="[^"]+">/, '').replace(/<\/script>$/, '');
  vm.runInNewContext(body, { matchMedia: () => ({ matches: prefersDark }), document: { documentElement: root } });
  return { style: Object.fromEntries(style), dark: classes.has('dark'), theme: root.dataset.theme };
}

describe('themePaintScript', () => {
  const light = theme(1, false, { '--kosh-bg': '#ffffff', '--kosh-fg': '#111111' });
  const dark = theme(2, true, { '--kosh-bg': '#111111', 'color;}': 'red' });

  it("applies the light device's theme, or the dark one where the device prefers dark", () => {
    const script = themePaintScript({ light, dark }, 'n0nce');
    expect(script.startsWith('<script nonce="n0nce">')).toBe(true);
    expect(paint(script, false)).toEqual({
      style: { '--kosh-bg': '#ffffff', '--kosh-fg': '#111111' },
      dark: false,
      theme: '1',
    });
    // Only custom properties, as the app itself applies them.
    expect(paint(script, true)).toEqual({ style: { '--kosh-bg': '#111111' }, dark: true, theme: '2' });
  });

  it('keeps to the light theme when the site has no dark one, and does nothing without themes', () => {
    expect(paint(themePaintScript({ light }, 'n'), true).theme).toBe('1');
    expect(paint(themePaintScript({}, 'n'), false)).toEqual({ style: {}, dark: false, theme: undefined });
  });

  it('cannot be closed early by a value that names </script>', () => {
    const script = themePaintScript({ light: theme(1, false, { '--x': '</script><script>alert(1)' }) }, 'n');
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(paint(script, false).style).toEqual({ '--x': '</script><script>alert(1)' });
  });
});

/** Runs the loader in a page that is visible or not, with its frame and timer queues run by hand. */
function load(script: string, visibility: 'visible' | 'hidden') {
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const added: Array<Record<string, string>> = [];
  const document = {
    visibilityState: visibility,
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (element: Record<string, string>) => added.push(element) },
  };
  const body = script.replace(/^<script nonce="[^"]+">/, '').replace(/<\/script>$/, '');
  vm.runInNewContext(body, {
    document,
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void) => timers.push(fn),
  });
  const run = (queue: Array<() => void>) => {
    for (const fn of queue.splice(0)) fn();
  };
  return { added, frames, timers, run };
}

describe('appLoaderScript', () => {
  const script = appLoaderScript('/assets/index-e1.js', ['/assets/runtime-r1.js', '/assets/Login-l1.js'], 'n0nce');

  it('fetches the app once the page has painted: the entry first, then each preload in a task of its own', () => {
    expect(script.startsWith('<script nonce="n0nce">')).toBe(true);
    const page = load(script, 'visible');
    expect(page.added).toEqual([]);
    expect(page.timers).toHaveLength(0);
    // The frame that paints runs first; the fetches start in the task after it.
    page.run(page.frames);
    expect(page.added).toEqual([]);
    page.run(page.timers);
    expect(page.added).toEqual([{ tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-e1.js' }]);
    expect(page.timers).toHaveLength(2);
    page.run(page.timers);
    expect(page.added.slice(1)).toEqual([
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/runtime-r1.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/Login-l1.js' },
    ]);
  });

  it('does not wait for a frame in a page opened in the background, which paints none', () => {
    const page = load(script, 'hidden');
    expect(page.frames).toHaveLength(0);
    page.run(page.timers);
    expect(page.added[0]).toMatchObject({ tag: 'script', src: '/assets/index-e1.js' });
  });

  it('cannot be closed early by a file name that names </script>', () => {
    const hostile = appLoaderScript('/assets/a.js', ['/x</script><script>alert(1)'], 'n');
    expect(hostile.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('isMobileDevice', () => {
  it('believes the Sec-CH-UA-Mobile hint first, then the user agent', () => {
    expect(isMobileDevice({ 'sec-ch-ua-mobile': '?1' })).toBe(true);
    expect(isMobileDevice({ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mozilla/5.0 (iPhone) Mobile/15E148' })).toBe(
      false,
    );
    expect(isMobileDevice({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Mobile/15E148' })).toBe(true);
    expect(isMobileDevice({ 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile' })).toBe(true);
    expect(isMobileDevice({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' })).toBe(false);
    expect(isMobileDevice({})).toBe(false);
  });
});
