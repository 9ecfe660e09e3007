// The public site's entry: prerendered pages (scripts/prerender.ts) load this script instead of the
// signed-in app's main.tsx. It is a few bytes on purpose: the page's content is already in its HTML,
// so the code that hydrates it (site-start.tsx, some 90 kB gzip) is only requested once that content
// has painted. Fetched earlier, it shares a phone's bandwidth with the stylesheet the first paint
// waits for, and on a throttled phone (Lighthouse mobile) the paint came some 400 ms later.
// requestAnimationFrame runs just before the first frame the page can paint (not while the
// stylesheet still blocks rendering); the timeout, just after that frame.
requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./site-start').then(({ start }) => start());
  });
});
