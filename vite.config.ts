import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './src/web/build/precompress.ts';
import { reactRouterProduction } from './src/web/build/react-router-production.ts';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  resolve: {
    // Radix's scroll lock adds its stylesheet the CSP's way (src/web/style-singleton.ts).
    alias: { 'react-style-singleton': fileURLToPath(new URL('./src/web/style-singleton.ts', import.meta.url)) },
  },
  plugins: [react(), tailwindcss(), reactRouterProduction(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    // `npm run dev:web` proxies the API to a server started with `npm run dev`.
    proxy: { '/api': 'http://localhost:3000', '/.well-known': 'http://localhost:3000' },
  },
});
