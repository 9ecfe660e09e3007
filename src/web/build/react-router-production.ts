import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const production = (file: string) => fileURLToPath(new URL(`../../../node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * react-router's package exports name its development build under every condition (an open upstream
 * issue, remix-run/react-router#14102), so the browser's bundle carried its development warnings
 * and their checks. In the client build only, `react-router` and `react-router/dom` resolve to the
 * production build the package ships beside it (the same code with those warnings off).
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
  };
}
