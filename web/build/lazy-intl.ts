import type { Plugin } from 'vite';

/** A change to one installed module: its patched code, or null when it no longer looks as expected. */
type Patch = { file: RegExp; patch: (code: string) => string | null; why: string };

/**
 * Two react-aria modules call Intl as they load, on every page that has a button. A page's first
 * Intl formatter makes the browser build its list of locales: 30 to 50 ms of main thread on a phone
 * (measured in Chromium), paid while the sign-in page comes alive although it formats nothing.
 * Both calls wait here until something formats; each patch must match, or the build fails, so an
 * upgrade that changes these modules is seen.
 */
const PATCHES: Patch[] = [
  {
    why: 'the default locale is found when a component first asks for it',
    file: /react-aria\/dist\/private\/i18n\/useDefaultLocale\.mjs$/,
    patch(code) {
      const eager = code.match(/let ([\w$]+\$var\$currentLocale) = ([\w$]+)\(\);/);
      if (!eager) return null;
      const [statement, current, getDefault] = eager;
      const use = `useState)(${current});`;
      if (!code.includes(use)) return null;
      return code
        .replace(statement, `let ${current} = null;`)
        .replace(use, `useState)(() => ${current} ??= ${getDefault}());`);
    },
  },
  {
    // Every browser Kosh supports (it needs module preloads: Chrome 66, Firefox 115, Safari 17) has
    // signDisplay (Chrome 77, Firefox 70, Safari 14.1): the probe can only answer yes.
    why: "NumberFormat's signDisplay is known, not probed",
    file: /@internationalized\/number\/dist\/private\/NumberFormatter\.mjs$/,
    patch(code) {
      const probe = /([\w$]+\$var\$supportsSignDisplay) = false;\s*try \{[\s\S]*?\} catch\s*\{\}/;
      return probe.test(code) ? code.replace(probe, '$1 = true;') : null;
    },
  },
];

export function lazyIntl(): Plugin {
  const applied = new Set<Patch>();
  return {
    name: 'kosh-lazy-intl',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const patch = PATCHES.find((p) => p.file.test(id.split('?')[0]));
      if (!patch) return null;
      const out = patch.patch(code);
      if (out === null) this.error(`lazy-intl: ${id} is no longer as expected (${patch.why}).`);
      applied.add(patch);
      return { code: out, map: null };
    },
    buildEnd(error) {
      if (error) return;
      const missed = PATCHES.filter((p) => !applied.has(p));
      if (missed.length) this.error(`lazy-intl: no module matched ${missed.map((p) => p.file).join(', ')}.`);
    },
  };
}
