/** The catalogue's parts, cut by vite.config.ts's `catalogueParts` plugin (docs/texts.md). */
declare module 'virtual:catalogue/*' {
  import type { TCatalogue } from '@washboard/contracts';

  const part: Partial<TCatalogue>;
  export default part;
}
