import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
// The catalogue's and the brands' own files (they import only types), as vite.config.ts reads them.
import {
  BRANDS,
  BRAND_CODES,
  DEFAULT_BRAND,
  type TBrand,
  type TBrandCode,
} from '../../../packages/contracts/src/brand/brands.ts';
import { de } from '../../../packages/contracts/src/i18n/de.ts';
import { en } from '../../../packages/contracts/src/i18n/en.ts';
import { es } from '../../../packages/contracts/src/i18n/es.ts';
import { fr } from '../../../packages/contracts/src/i18n/fr.ts';
import { it } from '../../../packages/contracts/src/i18n/it.ts';
import { STORAGE_KEYS } from '../src/modules/runtime/storage-keys.ts';

/**
 * The companion's landing, pre-rendered into `app/index.html` at build time (docs/companion.md,
 * "First paint"): what `LandingScreen` in `PublicLayout` shows, as plain HTML and CSS, so the first
 * screen paints before any script has arrived. React replaces it when it renders.
 *
 * Every variant is in the page — five languages, two brands, both schemes — and a small inline
 * script in the head picks one before the first paint, from what the app itself will use: the
 * language stored in this browser, else Italian (the app's default); `?brand=`, the tab's trial
 * brand, the brand this host gave at the last start, else the host's first label, else the default
 * brand; the stored colour scheme, else the system's. It shows the landing only where the app will
 * show it: at `/app/` with no session that may resume. Elsewhere the page stays blank until the
 * script renders, as before.
 */

const CATALOGUES = { it, en, fr, de, es };
type TLanguage = keyof typeof CATALOGUES;
const LANGUAGES = Object.keys(CATALOGUES) as TLanguage[];
const DEFAULT_LANGUAGE: TLanguage = 'it';
const LOGOS: Record<TBrandCode, string> = {
  LUMINA: readFileSync(path.resolve(import.meta.dirname, '../src/ui/brand/lumina.svg'), 'utf8'),
  KESTREL: readFileSync(path.resolve(import.meta.dirname, '../src/ui/brand/kestrel.svg'), 'utf8'),
};
/** The accent of filled controls (theme.ts): the primary colour's shade 9 in the light scheme, 5 in the dark. */
const ACCENT: Record<TBrand['primaryColor'], { light: string; dark: string }> = {
  cyan: { light: 'var(--mantine-color-cyan-9)', dark: 'var(--mantine-color-cyan-5)' },
  // theme.ts darkens Mantine's orange 9 for white text.
  orange: { light: '#c2410c', dark: 'var(--mantine-color-orange-5)' },
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** i18next's `{{name}}` interpolation, for the few texts the landing shows. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

/** One text per language (and per brand when it names the brand); the inline script's choice shows one. */
function texts(tag: string, attributes: string, text: (lang: TLanguage, brand: TBrand) => string, perBrand = false): string {
  return LANGUAGES.flatMap((lang) =>
    (perBrand ? BRAND_CODES : [undefined]).map((code) => {
      const brand = BRANDS[code ?? DEFAULT_BRAND];
      const marks = `lang="${lang}" data-shell-lang="${lang}"${code ? ` data-shell-brand="${code}"` : ''}`;
      return `<${tag} ${marks}${attributes}>${escape(text(lang, brand))}</${tag}>`;
    }),
  ).join('');
}

function shellMarkup(): string {
  const logos = BRAND_CODES.map(
    (code) =>
      `<span class="shell-logo" role="img" aria-label="${escape(BRANDS[code].title)}" data-shell-brand="${code}">${LOGOS[code]}</span>`,
  ).join('');
  const t = (lang: TLanguage) => CATALOGUES[lang].companionLanding;
  return [
    '<div class="shell">',
    `<header class="shell-header">${logos}</header>`,
    '<main class="shell-main"><div class="shell-card"><div class="shell-intro">',
    texts('h1', ' class="shell-title"', (lang) => t(lang).welcome),
    texts('p', ' class="shell-text"', (lang, brand) => fill(t(lang).intro, { brand: brand.title }), true),
    '</div>',
    // Plain links: before the script, a tap still leads to the sign-in or the registration.
    `<a class="shell-button shell-filled" href="/app/login">${texts('span', '', (lang) => t(lang).login)}</a>`,
    `<a class="shell-button" href="/app/register">${texts('span', '', (lang) => t(lang).register)}</a>`,
    '</div></main>',
    `<footer class="shell-footer">${texts(
      'span',
      '',
      (lang, brand) => fill(CATALOGUES[lang].layout.footer, { year: brand.copyrightYear, brand: brand.title }),
      true,
    )}</footer>`,
    '</div>',
  ].join('');
}

/** PublicLayout's measures (Mantine's spacing, sizes and variables), so the swap to React does not move anything. */
function shellStyle(): string {
  const hide = [
    ...LANGUAGES.map((lang) => `html:not([lang="${lang}"]) [data-shell-lang="${lang}"]`),
    ...BRAND_CODES.map((code) => `html:not([data-shell-brand="${code}"]) [data-shell-brand="${code}"]`),
  ].join(',');
  const accents = BRAND_CODES.map((code) => {
    const accent = ACCENT[BRANDS[code].primaryColor];
    return `html[data-shell-brand="${code}"]{--shell-accent:${accent.light};--shell-on-accent:var(--mantine-color-white)}html[data-shell-brand="${code}"][data-mantine-color-scheme="dark"]{--shell-accent:${accent.dark};--shell-on-accent:var(--mantine-color-black)}`;
  }).join('');
  return [
    'html:not([data-shell]) .shell{display:none}',
    `${hide}{display:none}`,
    accents,
    // As theme.ts: the dimmed text is gray 7 in the light scheme, dark 1 in the dark.
    'html{--shell-dimmed:var(--mantine-color-gray-7)}html[data-mantine-color-scheme="dark"]{--shell-dimmed:var(--mantine-color-dark-1)}',
    '.shell{min-height:100dvh;display:flex;flex-direction:column;font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
    '.shell-header{display:flex;align-items:center;padding:12px 16px;min-height:36px}',
    '.shell-logo{display:inline-flex;height:32px;line-height:0}.shell-logo svg{height:100%;width:auto}',
    '.shell-main{flex:1;display:flex;align-items:center;justify-content:center;padding:32px 16px}',
    '.shell-card{box-sizing:border-box;width:100%;max-width:440px;padding:16px;display:flex;flex-direction:column;gap:16px;border:1px solid var(--mantine-color-default-border);border-radius:8px;background:var(--mantine-color-body);box-shadow:var(--mantine-shadow-sm)}',
    '.shell-intro{display:flex;flex-direction:column;gap:10px;padding:16px 0;text-align:center}',
    '.shell-title{margin:0;font-size:26px;line-height:1.35;font-weight:650}',
    '.shell-text{margin:0;font-size:16px;line-height:1.55;color:var(--shell-dimmed)}',
    '.shell-button{display:flex;align-items:center;justify-content:center;box-sizing:border-box;height:42px;padding:0 22px;border-radius:8px;font-size:16px;font-weight:600;text-decoration:none;border:1px solid var(--mantine-color-default-border);background:var(--mantine-color-default);color:var(--mantine-color-default-color)}',
    '.shell-filled{border-color:transparent;background:var(--shell-accent);color:var(--shell-on-accent)}',
    '.shell-footer{padding:12px 0;text-align:center;font-size:12px;line-height:1.4;color:var(--shell-dimmed)}',
  ].join('');
}

/** Picks the language, brand and scheme before the first paint; shows the landing where the app will. */
function shellScript(): string {
  const k = STORAGE_KEYS;
  return `(function(){try{var d=document.documentElement,l=localStorage,s=sessionStorage,
B=${JSON.stringify(BRAND_CODES)},L=${JSON.stringify(LANGUAGES)},
b=(new URLSearchParams(location.search).get('brand')||'').toUpperCase();
if(B.indexOf(b)<0)b=s.getItem('${k.brandOverride}');
if(B.indexOf(b)<0)b=l.getItem('${k.hostBrand}');
if(B.indexOf(b)<0)b=location.hostname.split('.')[0].toUpperCase();
if(B.indexOf(b)<0)b='${DEFAULT_BRAND}';
var g=l.getItem('${k.language}');if(L.indexOf(g)<0)g='${DEFAULT_LANGUAGE}';
var c=l.getItem('${k.colorScheme}');if(c!=='light'&&c!=='dark')c=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';
d.lang=g;d.setAttribute('data-mantine-color-scheme',c);d.setAttribute('data-shell-brand',b);
if(/^\\/app\\/?$/.test(location.pathname)&&l.getItem('${k.rememberMe}')!=='true'&&s.getItem('${k.sessionMarker}')===null)d.setAttribute('data-shell','')
}catch(e){}})()`.replace(/\n/g, '');
}

/** The tags by which the built page loads its scripts: the entry and the chunks it preloads. */
const ENTRY_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const PRELOAD_TAG = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * Starts the app's scripts after the first paint: the entry and its preloaded chunks, which the page
 * no longer names in its head. The pre-rendered landing then paints from the HTML and the stylesheet
 * alone; with the scripts in the head, their downloads (42 files) started with the stylesheet's and
 * the first paint sometimes came only after they had run — Lighthouse's simulated first paint went
 * from 1.7 to 2.9 s on such runs. In a tab that is not visible no frame is drawn: it starts at once.
 */
function startScript(entry: string, preloads: string[]): string {
  return `(function(){var started=false;function go(){if(started)return;started=true;var h=document.head;
${JSON.stringify(preloads)}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)});
var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entry)};h.appendChild(s)}
if(document.visibilityState!=='visible'){go();return}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,500)})()`.replace(
    /\n/g,
    '',
  );
}

/** Moves the built page's script tags into `startScript`. */
function deferScripts(html: string): string {
  const entry = ENTRY_TAG.exec(html)?.[1];
  if (!entry) throw new Error('companion-shell: the built page names no entry script');
  const preloads = [...html.matchAll(PRELOAD_TAG)].map(([, href]) => href ?? '');
  return html
    .replace(ENTRY_TAG, '')
    .replace(PRELOAD_TAG, '')
    .replace('</body>', `<script>${startScript(entry, preloads)}</script></body>`);
}

/**
 * Writes the pre-rendered landing into the companion's page (`app/index.html`) only, and in the
 * build has its scripts start after the first paint (`startScript`).
 */
export function companionShell(): Plugin[] {
  const companionPage = (filename: string) => filename.endsWith(path.join('app', 'index.html'));
  return [
    {
      name: 'washboard-companion-shell',
      transformIndexHtml: {
        order: 'pre',
        handler(html, { filename }) {
          if (!companionPage(filename)) return html;
          return html
            .replace('<!--companion-shell-head-->', `<script>${shellScript()}</script><style>${shellStyle()}</style>`)
            .replace('<!--companion-shell-->', shellMarkup());
        },
      },
    },
    {
      // After Vite has written the built page's tags, before its compressed copies and the
      // service worker's precache are made (the development server's page stays as it is).
      name: 'washboard-companion-start',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler: (html, { filename }) => (companionPage(filename) ? deferScripts(html) : html),
      },
    },
  ];
}
