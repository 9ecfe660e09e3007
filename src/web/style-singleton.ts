import { useEffect } from 'react';

/**
 * react-style-singleton's API, put in its place by vite.config.ts's alias. Radix's scroll lock
 * (react-remove-scroll and react-remove-scroll-bar) adds a stylesheet through it while a dialog is
 * open, whose text depends on the measured scrollbar width. The package adds it as a <style>
 * element, which the CSP's style-src blocks unless it carries the response's nonce; this adds it
 * as a constructed stylesheet (`document.adoptedStyleSheets`), which style-src does not govern
 * (browsers treat it as script's CSSOM, like `element.style`). So the server sends no page a nonce,
 * and every page is the same bytes in every response: compressed once, with an ETag.
 */

interface StyleSheetSingleton {
  add(style: string): void;
  remove(): void;
}

/** One stylesheet, added by the first `add` and removed with the last `remove`. */
export function stylesheetSingleton(): StyleSheetSingleton {
  let counter = 0;
  let remove: (() => void) | undefined;
  return {
    add(style) {
      if (counter === 0) remove = addStyleSheet(style);
      counter++;
    },
    remove() {
      counter--;
      if (counter === 0) {
        remove?.();
        remove = undefined;
      }
    },
  };
}

/** Adds a stylesheet to the document; returns what removes it. */
function addStyleSheet(style: string): () => void {
  if ('adoptedStyleSheets' in (document as object)) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(style);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    };
  }
  // A browser without constructed stylesheets (Safari before 16.4) gets the package's <style>,
  // which the CSP refuses: the page behind a dialog can then scroll, and nothing else changes.
  const element = document.createElement('style');
  element.textContent = style;
  document.head.appendChild(element);
  return () => element.remove();
}

/** A hook that holds the stylesheet while a component using it is mounted. */
export function styleHookSingleton(): (styles: string, isDynamic?: boolean) => void {
  const sheet = stylesheetSingleton();
  return (styles, isDynamic) => {
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
      // As the package does: the sheet is made again only when dynamic styles change.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [styles && isDynamic]);
  };
}

/** A component that holds the stylesheet while it is mounted. */
export function styleSingleton(): (props: { styles: string; dynamic?: boolean }) => null {
  const useStyle = styleHookSingleton();
  return function Sheet({ styles, dynamic }) {
    useStyle(styles, dynamic);
    return null;
  };
}
