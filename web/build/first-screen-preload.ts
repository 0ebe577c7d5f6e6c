import { createHash } from 'node:crypto';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** A screen visits land on: the address it answers (a RegExp source) and the module its route loads. */
export interface FirstScreen {
  path: string;
  module: string;
}

/** A chunk and every chunk it imports statically, depth first. */
function staticClosure(bundle: OutputBundle, start: OutputChunk): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return [...seen.values()];
}

const cssOf = (chunk: OutputChunk) => [...(chunk.viteMetadata?.importedCss ?? [])];

/**
 * The screens other than home are chunks fetched when the router first renders them, which is after
 * the app's own code has arrived and run: on a phone, one more round trip and a late first screen
 * (Lighthouse: the list pages' LCP text waited ~1 s for it). This writes a small script, loaded
 * `async` beside the app, that looks at the address and asks for that screen's chunks and styles
 * (modulepreload / preload) at once, so they download with the app's. An external file, because the
 * CSP refuses inline scripts.
 */
export function firstScreenPreload(screens: FirstScreen[]): Plugin {
  return {
    name: 'linksmate:first-screen-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      const entry = Object.values(bundle).find(
        (file): file is OutputChunk => file.type === 'chunk' && file.isEntry,
      );
      if (html?.type !== 'asset' || !entry) return;
      const alreadyLoaded = new Set(staticClosure(bundle, entry).map((chunk) => chunk.fileName));
      const loadedCss = new Set(staticClosure(bundle, entry).flatMap(cssOf));
      const table = screens.map(({ path, module }) => {
        const chunk = Object.values(bundle).find(
          (file): file is OutputChunk =>
            file.type === 'chunk' && Boolean(file.facadeModuleId?.endsWith(module)),
        );
        if (!chunk) throw new Error(`first-screen-preload: no chunk for ${module}`);
        const chunks = staticClosure(bundle, chunk).filter((c) => !alreadyLoaded.has(c.fileName));
        const css = [...new Set(chunks.flatMap(cssOf))].filter((file) => !loadedCss.has(file));
        return [path, chunks.map((c) => `/${c.fileName}`), css.map((file) => `/${file}`)];
      });
      // One fragment, appended once: each link appended on its own cost a style pass on a slow phone.
      const source = `(function(){var t=${JSON.stringify(table)};
for(var i=0;i<t.length;i++){if(!new RegExp(t[i][0]).test(location.pathname))continue;
var f=document.createDocumentFragment();
var add=function(rel,as){return function(href){var l=document.createElement('link');l.rel=rel;l.href=href;l.crossOrigin='';if(as)l.as=as;f.appendChild(l);};};
t[i][1].forEach(add('modulepreload'));t[i][2].forEach(add('preload','style'));
document.head.appendChild(f);return;}})();
`;
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      const fileName = `assets/first-screen-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const tag = `<script async src="/${fileName}"></script>`;
      const page = String(html.source);
      if (!page.includes('</title>')) throw new Error('first-screen-preload: index.html has no <title>');
      html.source = page.replace('</title>', `</title>\n    ${tag}`);
    },
  };
}
