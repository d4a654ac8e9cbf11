import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyInput, InvitationInput } from '@voltforge/contract/company';
import type { CompanyRole } from '@voltforge/contract/company-rules';
import type { MemberLimitsInput } from '@voltforge/contract/approval';
import { api } from '../../../lib/api/api-client';
import { companyKeys } from '../../../lib/api/get-company';

/** Every change answers the company as it is now; that becomes the cached one. */
function useCompanyChange<A>(change: (args: A) => Promise<Company | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (company) => queryClient.setQueryData(companyKeys.all, company),
  });
}

export const useCreateCompany = () =>
  useCompanyChange((input: CompanyInput) => api.post<Company>('/company', input));

export const useUpdateCompany = () =>
  useCompanyChange((input: CompanyInput) => api.put<Company>('/company', input));

export const useInvite = () =>
  useCompanyChange((input: InvitationInput) => api.post<Company>('/company/invitations', input));

export const useJoinCompany = () =>
  useCompanyChange((token: string) => api.post<Company>('/company/join', { token }));

export const useSetRole = () =>
  useCompanyChange(({ userId, role }: { userId: string; role: CompanyRole }) =>
    api.put<Company>(`/company/members/${encodeURIComponent(userId)}`, { role }),
  );

export const useRemoveMember = () =>
  useCompanyChange((userId: string) =>
    api.delete<Company | null>(`/company/members/${encodeURIComponent(userId)}`),
  );

export const useSetLimits = () =>
  useCompanyChange(({ userId, limits }: { userId: string; limits: MemberLimitsInput }) =>
    api.put<Company>(`/company/members/${encodeURIComponent(userId)}/limits`, limits),
  );
