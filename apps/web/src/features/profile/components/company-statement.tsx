import type { CompanyStatement } from '@voltforge/contract/credit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountFigures, AccountInvoices } from '../../../components/company/account-statement';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api/api-client';
import { companyKeys } from '../../../lib/api/get-company';

const STATEMENT_PATH = '/company/statement';

/** A company admin's statement: the account's figures and its invoices on account. */
export function CompanyStatementSection() {
  const statement = useQuery(
    queryOptions({
      queryKey: [...companyKeys.all, 'statement'],
      queryFn: ({ signal }) => api.get<CompanyStatement>(STATEMENT_PATH, { signal }),
      meta: { read: STATEMENT_PATH },
    }),
  );
  if (statement.error) {
    return (
      <QueryError message={statement.error.message} onRetry={() => void statement.refetch()} />
    );
  }
  if (!statement.data) return <Spinner label="Loading the statement" />;
  return (
    <div className="flex flex-col gap-3">
      <AccountFigures account={statement.data} />
      <AccountInvoices account={statement.data} />
    </div>
  );
}
