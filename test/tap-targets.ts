import type { Page } from 'playwright-core';

/** A link or button a finger may miss, with its size in CSS px. */
export interface SmallTarget {
  name: string;
  width: number;
  height: number;
}

/**
 * The page's visible links and buttons (or those inside the `within` selector) smaller than `min` ×
 * `min` CSS px (44: WCAG 2.5.5).
 *
 * Exempt, as WCAG 2.5.8 allows: a link inside running text (an inline element whose paragraph holds
 * more text than the link), whose height is the line's and cannot grow without breaking the
 * sentence's spacing; and a visually hidden element (the skip link, 1 × 1 until it is focused
 * from the keyboard), which no finger can meet.
 */
export async function smallTapTargets(page: Page, options: { within?: string; min?: number } = {}): Promise<SmallTarget[]> {
  const targets = 'a[href], button, [role="button"], [role="link"], input[type="submit"], input[type="button"]';
  return page.$$eval(
    options.within ? targets.split(', ').map((target) => `${options.within} ${target}`).join(', ') : targets,
    (elements, min) => {
      const isInline = (element: Element) => getComputedStyle(element).display === 'inline';
      const inRunningText = (element: Element) => {
        if (!isInline(element)) return false;
        let block = element.parentElement;
        while (block && isInline(block)) block = block.parentElement;
        return (block?.textContent ?? '').trim().length > (element.textContent ?? '').trim().length;
      };
      return elements
        .filter((element) => element.checkVisibility() && !inRunningText(element))
        .map((element) => {
          const box = element.getBoundingClientRect();
          const name = element.getAttribute('aria-label') ?? (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
          return { name: `${element.tagName.toLowerCase()} "${name}"`, width: Math.round(box.width), height: Math.round(box.height) };
        })
        .filter((target) => target.width > 1 && target.height > 1 && (target.width < min || target.height < min));
    },
    options.min ?? 44,
  );
}
