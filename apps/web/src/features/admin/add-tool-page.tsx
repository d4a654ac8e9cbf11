import { adminMessages, type ToolInput, type ToolInputBody } from '@voltforge/contract/admin';
import type { FieldNamesMarkedBoolean } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/page/toast';
import { paths } from '../../lib/paths';
import { AdminHeading } from './components/admin-heading';
import { Spinner } from '../../components/ui/spinner';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { ApiError, errorMessage } from '../../lib/api/api-client';
import { useCategories } from '../../lib/api/get-categories';
import { useAdminTool } from './api/get-admin-tool';
import { useCreateTool } from './api/create-tool';
import { useUpdateTool } from './api/update-tool';
import { QueryError } from '../../components/ui/query-error';
import { ToolForm, changedFields, emptyTool, toolToInput } from './components/tool-form';

type Dirty = Partial<FieldNamesMarkedBoolean<ToolInput>>;

/** The server's verdict as the form shows it: field messages under the fields, the rest as a toast. */
function failure(error: unknown) {
  if (error instanceof ApiError && error.fields) return { saved: false, fields: error.fields };
  toast.error(errorMessage(error));
  return { saved: false };
}

function useCategoryNames(): string[] {
  const categories = useCategories();
  return categories.data?.map((c) => c.category) ?? [];
}

function AddTool() {
  const categories = useCategoryNames();
  const createTool = useCreateTool();
  const onSubmit = async (values: ToolInputBody) => {
    try {
      await createTool.mutateAsync(values);
    } catch (error) {
      return failure(error);
    }
    toast.success(adminMessages.toolAdded);
    return { saved: true };
  };
  return (
    <>
      <AdminHeading lead="New tools appear in the catalogue as soon as they are added.">
        Add Products
      </AdminHeading>
      <ToolForm
        defaultValues={emptyTool}
        resetTo={emptyTool}
        submitLabel="Add Tool"
        categories={categories}
        onSubmit={onSubmit}
      />
    </>
  );
}

function EditTool({ id }: { id: string }) {
  const tool = useAdminTool(id);
  const categories = useCategoryNames();
  const updateTool = useUpdateTool();
  const navigate = useNavigate();

  const onSubmit = async (values: ToolInputBody, dirty: Dirty, loaded: ToolInput) => {
    const patch = changedFields(values, dirty, loaded);
    if (Object.keys(patch).length === 0) {
      toast.info(adminMessages.nothingToUpdate);
      return { saved: false };
    }
    try {
      await updateTool.mutateAsync({ id, patch });
    } catch (error) {
      return failure(error);
    }
    toast.success(adminMessages.toolUpdated);
    await navigate(paths.manageTools);
    return { saved: true };
  };

  return (
    <>
      <AdminHeading
        lead={
          <Link to={paths.manageTools} className="link">
            Back to Manage Products
          </Link>
        }
      >
        Edit Product
      </AdminHeading>
      {tool.isPending ? (
        <Spinner block label="Loading the tool" />
      ) : tool.isError ? (
        <QueryError message={tool.error.message} onRetry={() => void tool.refetch()} />
      ) : (
        <ToolForm
          key={tool.data._id}
          defaultValues={toolToInput(tool.data)}
          submitLabel="Update Tool"
          categories={categories}
          onSubmit={onSubmit}
        />
      )}
    </>
  );
}

/** Add Products, and with `?edit=<id>` the same form for editing a tool. */
export function AddToolPage() {
  const [searchParams] = useSearchParams();
  const editId = searchParams.get('edit');
  usePageMeta(
    editId ? 'Edit Product' : 'Add Products',
    'Voltforge administration: add a tool to the catalogue.',
  );
  return editId ? <EditTool id={editId} /> : <AddTool />;
}
