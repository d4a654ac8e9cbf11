import type {
  AccountInvoice,
  AdminCompany,
  AdminCompanyDetail,
  CompanyAccountInput,
  InvoicePaymentInput,
} from '@voltforge/contract/credit';
import { creditMessages, paymentTerms, termsLabel } from '@voltforge/contract/credit-rules';
import { companyRoleLabels, type CompanyRole } from '@voltforge/contract/company-rules';
import { formatUsd } from '@voltforge/contract/money';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryError } from '../../components/ui/query-error';
import { Spinner } from '../../components/ui/spinner';
import { TextField } from '../../components/ui/text-field';
import { api, ApiError } from '../../lib/api/api-client';
import { toast } from '../../lib/page/toast';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { paths } from '../../lib/paths';
import { AccountFigures, AccountInvoices } from '../../components/company/account-statement';
import { AdminHeading } from './components/admin-heading';
import { AdminTable } from './components/admin-table';

/*
 * Companies (staff): every company account with its terms, credit and what it owes; one company
 * (?company=<id>) with its members, its terms and credit limit to set, and its invoices on account
 * with a payment received to record against each open one.
 */

const COMPANIES_PATH = '/admin/companies';
const keys = {
  all: ['admin', 'companies'] as const,
  one: (id: string) => ['admin', 'companies', id] as const,
};

/** A refusal's words for one field, or none. */
const fieldError = (error: unknown, field: string) =>
  error instanceof ApiError ? error.fields?.[field] : undefined;

function CompanyList() {
  const companies = useQuery(
    queryOptions({
      queryKey: keys.all,
      queryFn: ({ signal }) => api.get<AdminCompany[]>(COMPANIES_PATH, { signal }),
      meta: { read: COMPANIES_PATH },
    }),
  );
  if (companies.error) {
    return (
      <QueryError message={companies.error.message} onRetry={() => void companies.refetch()} />
    );
  }
  if (!companies.data) return <Spinner block label="Loading companies" />;
  if (companies.data.length === 0) {
    return <p className="text-base-content/75">No company accounts yet.</p>;
  }
  return (
    <AdminTable label="Companies">
      <thead>
        <tr>
          <th scope="col">Company</th>
          <th scope="col">Members</th>
          <th scope="col">Terms</th>
          <th scope="col">Credit limit</th>
          <th scope="col">Owed</th>
          <th scope="col">Overdue</th>
        </tr>
      </thead>
      <tbody>
        {companies.data.map((c) => (
          <tr key={c.id}>
            <th scope="row" data-label="Company" className="font-normal">
              <Link className="link font-semibold" to={`${paths.companies}?company=${c.id}`}>
                {c.name}
              </Link>
              {c.taxId ? <span className="block text-sm">{c.taxId}</span> : null}
            </th>
            <td data-label="Members" className="tabular-nums">
              {c.members}
            </td>
            <td data-label="Terms">{termsLabel(c.termsDays)}</td>
            <td data-label="Credit limit" className="tabular-nums">
              {formatUsd(c.creditLimit)}
            </td>
            <td data-label="Owed" className="tabular-nums">
              {formatUsd(c.owed)}
              {c.openInvoices > 0 ? (
                <span className="block text-sm">
                  {c.openInvoices} open invoice{c.openInvoices === 1 ? '' : 's'}
                </span>
              ) : null}
            </td>
            <td data-label="Overdue" className={c.overdue > 0 ? 'font-semibold text-error' : ''}>
              {formatUsd(c.overdue)}
            </td>
          </tr>
        ))}
      </tbody>
    </AdminTable>
  );
}

function AccountForm({ company }: { company: AdminCompanyDetail }) {
  const queryClient = useQueryClient();
  const [termsDays, setTermsDays] = useState(String(company.termsDays ?? ''));
  const [creditLimit, setCreditLimit] = useState(String(company.creditLimit));
  const save = useMutation({
    mutationFn: (body: CompanyAccountInput) =>
      api.put<AdminCompanyDetail>(`${COMPANIES_PATH}/${company.companyId}/account`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.one(company.companyId), saved);
      void queryClient.invalidateQueries({ queryKey: keys.all, exact: true });
      toast.success(creditMessages.termsSaved);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      termsDays: termsDays === '' ? null : (Number(termsDays) as CompanyAccountInput['termsDays']),
      creditLimit: creditLimit.trim() === '' ? Number.NaN : Number(creditLimit),
    });
  };
  const limitError = fieldError(save.error, 'creditLimit');
  return (
    <form
      aria-label="Payment terms"
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">Terms</span>
        <select
          className="select"
          value={termsDays}
          onChange={(event) => setTermsDays(event.target.value)}
        >
          <option value="">Card only</option>
          {paymentTerms.map((days) => (
            <option key={days} value={days}>
              Net {days}
            </option>
          ))}
        </select>
      </label>
      <TextField
        label="Credit limit ($)"
        name="creditLimit"
        inputMode="decimal"
        value={creditLimit}
        onChange={(event) => setCreditLimit(event.target.value)}
        error={limitError}
      />
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        Save terms
      </button>
      {save.error && !limitError ? (
        <p role="alert" className="text-error">
          {save.error.message}
        </p>
      ) : null}
    </form>
  );
}

function PaymentForm({ companyId, invoice }: { companyId: string; invoice: AccountInvoice }) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(String(invoice.open));
  const [receivedOn, setReceivedOn] = useState(() => new Date().toISOString().slice(0, 10));
  const [reference, setReference] = useState('');
  const record = useMutation({
    mutationFn: (body: InvoicePaymentInput) =>
      api.post<AccountInvoice>(
        `/admin/invoices/${encodeURIComponent(invoice.number)}/payments`,
        body,
      ),
    onSuccess: async () => {
      toast.success(creditMessages.paymentRecorded);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.one(companyId) }),
        queryClient.invalidateQueries({ queryKey: keys.all, exact: true }),
      ]);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate({
      amount: amount.trim() === '' ? Number.NaN : Number(amount),
      receivedOn,
      ...(reference.trim() ? { reference: reference.trim() } : {}),
    });
  };
  const other =
    record.error &&
    !fieldError(record.error, 'amount') &&
    !fieldError(record.error, 'receivedOn') &&
    !fieldError(record.error, 'reference');
  return (
    <form
      aria-label={`Record a payment for ${invoice.number}`}
      noValidate
      onSubmit={submit}
      className="grid gap-2 sm:grid-cols-[8rem_11rem_1fr_auto] sm:items-end"
    >
      <TextField
        label="Amount ($)"
        name="amount"
        inputMode="decimal"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={fieldError(record.error, 'amount')}
      />
      <TextField
        label="Received on"
        name="receivedOn"
        type="date"
        value={receivedOn}
        onChange={(event) => setReceivedOn(event.target.value)}
        error={fieldError(record.error, 'receivedOn')}
      />
      <TextField
        label="Bank reference"
        name="reference"
        value={reference}
        onChange={(event) => setReference(event.target.value)}
        error={fieldError(record.error, 'reference')}
      />
      <button type="submit" className="btn btn-outline" disabled={record.isPending}>
        Record payment
      </button>
      {other ? (
        <p role="alert" className="text-error sm:col-span-4">
          {record.error.message}
        </p>
      ) : null}
    </form>
  );
}

function CompanyView({ id }: { id: string }) {
  const path = `${COMPANIES_PATH}/${encodeURIComponent(id)}`;
  const company = useQuery(
    queryOptions({
      queryKey: keys.one(id),
      queryFn: ({ signal }) => api.get<AdminCompanyDetail>(path, { signal }),
      meta: { read: path },
    }),
  );
  if (company.error) {
    return <QueryError message={company.error.message} onRetry={() => void company.refetch()} />;
  }
  if (!company.data) return <Spinner block label="Loading the company" />;
  const c = company.data;
  const open = c.invoices.filter((i) => i.open > 0);
  return (
    <div className="flex flex-col gap-5">
      <Link to={paths.companies} className="link self-start">
        All companies
      </Link>
      <h3 className="text-xl font-bold">
        {c.name}
        {c.taxId ? <span className="ml-2 text-base font-normal">{c.taxId}</span> : null}
      </h3>
      <AccountFigures account={c} />
      <section aria-labelledby="terms-heading" className="flex flex-col gap-2">
        <h4 id="terms-heading" className="font-semibold">
          Payment terms and credit limit
        </h4>
        <AccountForm key={`${c.termsDays}-${c.creditLimit}`} company={c} />
      </section>
      <section aria-labelledby="members-heading" className="flex flex-col gap-2">
        <h4 id="members-heading" className="font-semibold">
          Members
        </h4>
        <ul className="text-sm">
          {c.members.map((m) => (
            <li key={m.userId}>
              {m.name} ({m.email}), {companyRoleLabels[m.role as CompanyRole].toLowerCase()}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="invoices-heading" className="flex flex-col gap-2">
        <h4 id="invoices-heading" className="font-semibold">
          Invoices on account
        </h4>
        <AccountInvoices account={c} />
      </section>
      {open.map((invoice) => (
        <section
          key={invoice.number}
          aria-label={`Payment for ${invoice.number}`}
          className="flex flex-col gap-2 rounded-box border border-base-300 p-3"
        >
          <h4 className="font-semibold">
            Record a payment for {invoice.number} ({formatUsd(invoice.open)} open)
          </h4>
          <PaymentForm key={invoice.open} companyId={c.companyId} invoice={invoice} />
        </section>
      ))}
    </div>
  );
}

/** Companies (staff): the list, or one company's account. */
export function CompaniesPage() {
  usePageMeta('Companies', 'Voltforge administration: company accounts, terms and payments.');
  const [searchParams] = useSearchParams();
  const id = searchParams.get('company');
  return (
    <>
      <AdminHeading lead="Company accounts: payment terms, credit limits, open and overdue invoices, and the payments received.">
        Companies
      </AdminHeading>
      {id ? <CompanyView id={id} /> : <CompanyList />}
    </>
  );
}
