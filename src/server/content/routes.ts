import type { RoutesPlugin } from '../http/plugin';

/** Articles, FAQs and the Knowledge Assistant. */
export const contentRoutes: RoutesPlugin = async () => {};
