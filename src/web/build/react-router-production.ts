import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const productionDir = fileURLToPath(new URL('../../../node_modules/react-router/dist/production/', import.meta.url));
const production = (file: string) => `${productionDir}${file}`;

/**
 * react-router's package exports name its development build under every condition (an open upstream
 * issue, remix-run/react-router#14102), so the browser's bundle carried its development warnings
 * and their checks. In the client build only, `react-router` and `react-router/dom` resolve to the
 * production build the package ships beside it (the same code with those warnings off).
 *
 * That build also defeats tree-shaking: its contexts and components are made at the top level by
 * calls the bundler must assume have side effects (`React.createContext(…)`, `React.forwardRef(…)`)
 * and then given a `displayName`, so every one stays in the bundle whether the app uses it or not
 * (`<Form>`, `<NavLink>`, `<ScrollRestoration>`, the framework-mode pieces: about 5 kB gzip of the
 * first script). Marking those calls pure and dropping the names (read only by React DevTools) lets
 * the bundler leave out what nothing imports. Should the package's layout change, the rewrites
 * match nothing and the bundle is only as large as before.
 */
export function reactRouterProduction(): Plugin {
  return {
    name: 'carerelay:react-router-production',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    resolveId(source) {
      if (source === 'react-router') return production('index.mjs');
      if (source === 'react-router/dom') return production('dom-export.mjs');
      return null;
    },
    transform(code, id) {
      if (!id.startsWith(productionDir)) return null;
      return { code: treeShakeable(code), map: null };
    },
  };
}

/** The module's top-level constructions marked pure, its `displayName` assignments gone. */
export function treeShakeable(code: string): string {
  return code
    .replace(/^[\w$]+\.displayName = "[^"\n]*";?$/gm, '')
    .replace(/^(var [\w$]+ = )((?:React\d*\.(?:createContext|forwardRef|memo)|new (?:Set|Map|URL))\()/gm, '$1/* @__PURE__ */ $2');
}
