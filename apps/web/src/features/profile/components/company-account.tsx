import { zodResolver } from '@hookform/resolvers/zod';
import {
  companyInputSchema,
  invitationInputSchema,
  type Company,
  type CompanyInput,
  type CompanyValues,
  type InvitationInput,
} from '@voltforge/contract/company';
import {
  companyMessages,
  companyRoleLabels,
  companyRoles,
  type CompanyRole,
} from '@voltforge/contract/company-rules';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryError } from '../../../components/ui/query-error';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { errorMessage } from '../../../lib/api/api-client';
import { useCompany } from '../../../lib/api/get-company';
import { applyFieldErrors } from '../../../lib/forms/form-errors';
import { toast } from '../../../lib/page/toast';
import { AddressBook } from './address-book';
import { CompanyApprovals, SpendingLimits } from './company-approvals';
import { CompanyOrders } from './company-orders';
import { CompanyStatementSection } from './company-statement';
import {
  useCreateCompany,
  useInvite,
  useJoinCompany,
  useRemoveMember,
  useSetRole,
  useUpdateCompany,
} from '../api/company';

const companyFields = ['name', 'taxId', 'billingAddress'] as const;

/** Creates the company (`company` null) or changes its details (admins). */
function CompanyForm({
  company,
  start,
  onDone,
}: {
  company: Company | null;
  start?: { name: string; taxId: string };
  onDone?: () => void;
}) {
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CompanyInput, unknown, CompanyValues>({
    resolver: zodResolver(companyInputSchema),
    defaultValues: {
      name: company?.name ?? start?.name ?? '',
      taxId: company?.taxId ?? start?.taxId ?? '',
      billingAddress: company?.billingAddress ?? '',
      poRequired: company?.poRequired ?? false,
      buyersSeeAllOrders: company?.buyersSeeAllOrders ?? false,
    },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      await (company ? update : create).mutateAsync(input);
      toast.success(company ? companyMessages.saved : companyMessages.created);
      onDone?.();
    } catch (error) {
      if (!applyFieldErrors(error, setError, companyFields)) {
        toast.error(errorMessage(error, 'The company was not saved.'));
      }
    }
  });
  const title = company ? 'Company details' : 'Create a company account';
  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3"
    >
      {company ? null : (
        <p className="text-sm text-base-content/75">
          Buy together with your colleagues: invoices made out to the company, with your PO number.
        </p>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        <TextField
          label="Company name"
          autoComplete="organization"
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Company VAT / tax id"
          error={errors.taxId?.message}
          {...register('taxId')}
        />
        {company ? (
          <>
            <div className="md:col-span-2">
              <TextareaField
                label="Billing address"
                rows={3}
                error={errors.billingAddress?.message}
                {...register('billingAddress')}
              />
            </div>
            <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
              <input type="checkbox" className="checkbox checkbox-sm" {...register('poRequired')} />
              Every order needs a PO number
            </label>
            <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                {...register('buyersSeeAllOrders')}
              />
              Buyers see all of the company's orders
            </label>
          </>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={isSubmitting}>
          {company ? 'Save company' : 'Create company'}
        </button>
        {onDone ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** An admin invites a colleague by e-mail, as a role. */
function InviteForm() {
  const invite = useInvite();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InvitationInput>({
    resolver: zodResolver(invitationInputSchema),
    defaultValues: { email: '', role: 'buyer' },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      await invite.mutateAsync(input);
      toast.success(companyMessages.invited(input.email));
      reset();
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['email', 'role'])) {
        toast.error(errorMessage(error, 'The invitation was not sent.'));
      }
    }
  });
  return (
    <form
      noValidate
      aria-label="Invite a colleague"
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-3 md:grid-cols-[1fr_auto_auto] md:items-end"
    >
      <TextField
        label="Colleague's e-mail"
        type="email"
        autoComplete="off"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <label className="flex flex-col gap-1">
        <span className="text-sm font-medium">As</span>
        <select className="select" {...register('role')}>
          {companyRoles.map((role) => (
            <option key={role} value={role}>
              {companyRoleLabels[role]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-outline btn-sm min-h-11" disabled={isSubmitting}>
        Send invitation
      </button>
    </form>
  );
}

/** The company's members: admins change roles and remove; anyone may leave. */
function Members({ company, me }: { company: Company; me: string }) {
  const setRole = useSetRole();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<Company['members'][number] | null>(null);
  const admin = company.role === 'admin';
  const confirm = () => {
    if (!removing) return;
    remove.mutate(removing.userId, {
      onSuccess: () => toast.success(companyMessages.removed),
      onError: (error) => toast.error(errorMessage(error, 'Nobody was removed.')),
      onSettled: () => setRemoving(null),
    });
  };
  return (
    <>
      <ul aria-label="Members" className="divide-y divide-base-300 text-sm">
        {company.members.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-center gap-2 py-2">
            <div className="min-w-0 grow">
              <div className="font-medium">
                {member.name}
                {member.userId === me ? ' (you)' : ''}
              </div>
              <div className="text-base-content/80 [overflow-wrap:anywhere]">{member.email}</div>
            </div>
            {admin ? (
              <select
                className="select select-sm w-auto"
                aria-label={`Role of ${member.name}`}
                value={member.role}
                disabled={setRole.isPending}
                onChange={(event) =>
                  setRole.mutate(
                    { userId: member.userId, role: event.target.value as CompanyRole },
                    {
                      onSuccess: () => toast.success(companyMessages.roleChanged),
                      onError: (error) =>
                        toast.error(errorMessage(error, 'The role is as it was.')),
                    },
                  )
                }
              >
                {companyRoles.map((role) => (
                  <option key={role} value={role}>
                    {companyRoleLabels[role]}
                  </option>
                ))}
              </select>
            ) : (
              <span className="badge badge-sm">{companyRoleLabels[member.role]}</span>
            )}
            {admin || member.userId === me ? (
              <button
                type="button"
                className="btn btn-ghost btn-xs text-error"
                onClick={() => setRemoving(member)}
              >
                {member.userId === me ? 'Leave' : 'Remove'}
                <span className="sr-only"> {member.name}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        message={removing?.userId === me ? `Leave ${company.name}?` : 'Remove this member?'}
        detail={removing ? `${removing.name} (${removing.email})` : undefined}
        confirmLabel={removing?.userId === me ? 'Leave' : 'Remove'}
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

function CompanyDetails({ company, me }: { company: Company; me: string }) {
  const [editing, setEditing] = useState(false);
  const admin = company.role === 'admin';
  if (editing) return <CompanyForm company={company} onDone={() => setEditing(false)} />;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-base-content/75">Company</dt>
        <dd className="font-medium">{company.name}</dd>
        <dt className="text-base-content/75">VAT / tax id</dt>
        <dd className="font-mono">{company.taxId ?? '—'}</dd>
        <dt className="text-base-content/75">Billing address</dt>
        <dd className="whitespace-pre-line">{company.billingAddress ?? '—'}</dd>
        <dt className="text-base-content/75">PO number</dt>
        <dd>{company.poRequired ? 'Required on every order' : 'Optional'}</dd>
        <dt className="text-base-content/75">Buyers see</dt>
        <dd>{company.buyersSeeAllOrders ? "All of the company's orders" : 'Their own orders'}</dd>
        <dt className="text-base-content/75">Your role</dt>
        <dd>{companyRoleLabels[company.role]}</dd>
      </dl>
      {admin ? (
        <button
          type="button"
          className="btn btn-outline btn-sm self-start"
          onClick={() => setEditing(true)}
        >
          Change company details
        </button>
      ) : null}
      <h4 className="font-semibold">Members</h4>
      <Members company={company} me={me} />
      <AddressBook book="company" canChange={admin} title="Shared addresses" nested />
      {admin ? (
        <>
          <h4 className="font-semibold">Spending limits</h4>
          <SpendingLimits company={company} />
        </>
      ) : null}
      <h4 className="font-semibold">Approvals</h4>
      <CompanyApprovals canDecide={company.role !== 'buyer'} />
      <h4 className="font-semibold">Orders</h4>
      <CompanyOrders everyone={company.role !== 'buyer' || company.buyersSeeAllOrders} />
      {admin ? (
        <>
          <h4 className="font-semibold">Statement</h4>
          <CompanyStatementSection />
        </>
      ) : null}
      {admin ? (
        <>
          <h4 className="font-semibold">Invitations</h4>
          {company.invitations.length > 0 ? (
            <ul aria-label="Open invitations" className="text-sm">
              {company.invitations.map((invitation) => (
                <li key={invitation.id}>
                  {invitation.email} as {companyRoleLabels[invitation.role].toLowerCase()}
                </li>
              ))}
            </ul>
          ) : null}
          <InviteForm />
        </>
      ) : null}
    </div>
  );
}

/** The link of an invitation mail lands here with `?join=<token>`. */
function JoinInvitation({ token }: { token: string }) {
  const join = useJoinCompany();
  const [, setParams] = useSearchParams();
  const accept = () =>
    join.mutate(token, {
      onSuccess: (company) => {
        toast.success(companyMessages.joined(company?.name ?? 'the company'));
        setParams({}, { replace: true });
      },
      onError: (error) => toast.error(errorMessage(error, 'You did not join.')),
    });
  return (
    <div role="status" className="alert alert-info alert-soft flex flex-wrap items-center gap-3">
      <span>You have an invitation to join a company account.</span>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={join.isPending}
        onClick={accept}
      >
        Accept invitation
      </button>
    </div>
  );
}

/** The profile's company account: create one, or see and manage it; accept an invitation. */
export function CompanyAccount({
  me,
  start,
}: {
  me: string;
  /** A new company starts from the profile's company name and VAT id. */
  start: { name: string; taxId: string };
}) {
  const company = useCompany();
  const [params] = useSearchParams();
  const token = params.get('join');
  let body;
  if (company.error) {
    body = <QueryError message={company.error.message} onRetry={() => void company.refetch()} />;
  } else if (company.isPending) {
    body = <Spinner label="Loading your company account" />;
  } else if (company.data) {
    body = <CompanyDetails company={company.data} me={me} />;
  } else {
    body = <CompanyForm company={null} start={start} />;
  }
  return (
    <section aria-labelledby="company-heading" className="flex flex-col gap-3">
      <h3 id="company-heading" className="text-lg font-semibold">
        Company account
      </h3>
      {token ? <JoinInvitation token={token} /> : null}
      {body}
    </section>
  );
}
