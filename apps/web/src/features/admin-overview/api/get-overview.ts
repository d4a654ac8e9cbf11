import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview } from '@voltforge/contract/admin-overview';
import { api } from '../../../lib/api/api-client';

export type OverviewDays = 30 | 90;

/** The period the overview opens with. */
export const DEFAULT_OVERVIEW_DAYS: OverviewDays = 30;

export const overviewKeys = {
  all: ['admin', 'overview'] as const,
  period: (days: OverviewDays) => [...overviewKeys.all, days] as const,
};

const overviewPath = (days: OverviewDays) => `/admin/overview?days=${days}`;

/** GET /api/admin/overview?days= */
export const overviewQuery = (days: OverviewDays) =>
  queryOptions({
    queryKey: overviewKeys.period(days),
    queryFn: ({ signal }): Promise<Overview> => api.get(overviewPath(days), { signal }),
    meta: { read: overviewPath(days) },
    // Sales move while the page is open; a minute is fresh enough for a dashboard.
    staleTime: 60_000,
    // Switching 30 ↔ 90 days keeps the page (and an open figures table) until the new figures come.
    placeholderData: keepPreviousData,
  });

export const useOverview = (days: OverviewDays) => useQuery(overviewQuery(days));
