import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './src/web/build/precompress.ts';
import { reactRouterProduction } from './src/web/build/react-router-production.ts';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
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
