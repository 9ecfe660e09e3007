import type { ComponentType } from 'react';

const wrapped = new WeakMap<ComponentType<never>, ComponentType<never>>();

/**
 * The component once loaded, inside a QueryScope loaded beside it: for the public site's parts that
 * use TanStack Query (a page's data, a form's mutation), so the library comes with them instead of
 * in the first script of every public page. The same component each time, so React keeps its state.
 */
export async function withQueries<P extends object>(component: Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const [Component, { QueryScope }] = await Promise.all([component, import('./query-scope')]);
  let WithQueries = wrapped.get(Component as ComponentType<never>) as ComponentType<P> | undefined;
  if (!WithQueries) {
    WithQueries = (props: P) => (
      <QueryScope>
        <Component {...props} />
      </QueryScope>
    );
    wrapped.set(Component as ComponentType<never>, WithQueries as ComponentType<never>);
  }
  return WithQueries;
}
