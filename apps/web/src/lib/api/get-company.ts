import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@voltforge/contract/company';
import { api } from './api-client';

const COMPANY_PATH = '/company';

/** The signed-in buyer's company account: the profile page manages it, checkout bills to it. */
export const companyKeys = { all: ['company'] as const };

export const companyQuery = () =>
  queryOptions({
    queryKey: companyKeys.all,
    queryFn: ({ signal }) => api.get<Company | null>(COMPANY_PATH, { signal }),
    meta: { read: COMPANY_PATH },
  });

/** GET /api/company: null when the buyer belongs to none. */
export function useCompany() {
  return useQuery(companyQuery());
}
