import { useQuery } from '@tanstack/react-query';
import { orderQuery } from '../../../lib/api/get-order';

/** GET /api/order/:id for the back office: read afresh on every visit, as staff act on it. */
export const useAdminOrder = (id: string) => useQuery({ ...orderQuery(id), staleTime: 0 });
