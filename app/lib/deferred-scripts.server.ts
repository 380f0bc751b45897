/** The id of the inert copy of React Router's module script; the loader reads it. */
export const MODULE_SCRIPT_ID = 'modulos-de-la-pagina';

const PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/;
const NONCE = /\bnonce="([^"]*)"/;

/**
 * The few lines that start the application once the page has loaded and painted (or at the first
 * tap or key, if that comes sooner): a module script with React Router's text, whose imports the
 * browser then fetches. They carry the response's nonce; in a cached page, whose CSP names inline
 * scripts by hash (docs/decisions/007-cache-de-paginas.md), the module script is allowed by the
 * hash of the inert copy, which has the same text. No module preloads: adding twenty of them at
 * once was itself a 50-60 ms task on this machine, and the imports are fetched a level at a time
 * anyway, after the page is shown.
 */
const LOADER = `(()=>{const n=document.currentScript.nonce;let s=false;const go=()=>{if(s)return;s=true;const m=document.createElement('script');m.type='module';m.nonce=n;m.textContent=document.getElementById('${MODULE_SCRIPT_ID}').textContent;document.body.append(m)};const later=()=>requestAnimationFrame(()=>setTimeout(go));if(document.readyState==='complete')later();else addEventListener('load',later,{once:true});for(const t of['pointerdown','keydown'])addEventListener(t,go,{once:true,capture:true})})();`;

/**
 * React Router's scripts, made to wait for the page (docs/decisions/010-lighthouse.md): the module
 * preloads leave the `<head>` and React Router's module script becomes an inert copy
 * (`type="text/plain"`) followed by a loader that, after the load event and a frame, runs the copy
 * as a module. Everything else passes through untouched, including React Router's classic inline
 * script, which must run as it is parsed (the streamed data calls it). A page without scripts
 * (docs/decisions/008-javascript-solo-donde-hace-falta.md) has nothing to change.
 */
export function deferAppScripts(html: string): { html: string; deferred: boolean } {
  const rest = html.replace(PRELOAD, '');
  const module = MODULE_SCRIPT.exec(rest);
  if (!module) return { html: rest, deferred: false };
  const nonce = NONCE.exec(module[0])?.[1];
  const inert = `<script type="text/plain" id="${MODULE_SCRIPT_ID}">${module[1]}</script>`;
  const start = `<script${nonce === undefined ? '' : ` nonce="${nonce}"`}>${LOADER}</script>`;
  return { html: rest.slice(0, module.index) + inert + start + rest.slice(module.index + module[0].length), deferred: true };
}
