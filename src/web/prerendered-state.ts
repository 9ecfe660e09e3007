import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a page rendered at build time hands the browser: the path it was rendered for and the query
 * answers it was rendered with. It travels in a `<script type="application/json">` data block, which
 * the browser never executes, so the Content-Security-Policy (no inline scripts) allows it.
 */
export interface PrerenderedState {
  path: string;
  queries: DehydratedState;
}

export const PRERENDERED_STATE_ID = 'prerendered-state';

/** The data block's element. `<` is escaped so no text in the data can close the element early. */
export function prerenderedStateElement(state: PrerenderedState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PRERENDERED_STATE_ID}">${json}</script>`;
}

/** The state of the page the browser is showing, when it was rendered at build time. */
export function readPrerenderedState(): PrerenderedState | undefined {
  const text = document.getElementById(PRERENDERED_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as PrerenderedState) : undefined;
}
