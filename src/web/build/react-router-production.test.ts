import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { treeShakeable } from './react-router-production';

// The chunk of react-router's production build that holds its components, as installed.
const productionDir = new URL('../../../node_modules/react-router/dist/production/', import.meta.url);
const chunk = readdirSync(productionDir)
  .filter((file) => file.endsWith('.mjs'))
  .map((file) => readFileSync(new URL(file, productionDir), 'utf8'))
  .find((code) => code.includes('var DataRouterContext = '))!;

describe('react-router made tree-shakeable for the client build', () => {
  it('marks its top-level contexts and components pure and drops their DevTools names', () => {
    const rewritten = treeShakeable(chunk);
    expect(rewritten).toContain('var DataRouterContext = /* @__PURE__ */ React.createContext(null);');
    expect(rewritten).toMatch(/var Link = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/);
    expect(rewritten).not.toMatch(/^DataRouterContext\.displayName = /m);
    expect(rewritten).not.toMatch(/^Link\.displayName = /m);
  });

  it('changes nothing else: a displayName set inside a function stays', () => {
    const code = 'function f(C) {\n  C.displayName = "Named";\n}\nvar x = React.useState(0);\n';
    expect(treeShakeable(code)).toBe(code);
  });
});
