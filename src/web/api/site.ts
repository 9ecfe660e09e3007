import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '../../domain/site';
import { api } from './client';

export function useSiteConfig() {
  return useQuery({ queryKey: ['site'], queryFn: () => api<SiteConfig>('/api/site'), staleTime: Infinity });
}
