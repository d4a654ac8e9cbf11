import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_PROFILE_ABOUT_LENGTH,
  profileMessages,
  updateProfileSchema,
  type Profile,
  type UpdateProfile,
  type UpdateProfileInput,
} from '@voltforge/contract/profile';
import { useForm } from 'react-hook-form';
import { toast } from '../../../lib/page/toast';
import { TextField } from '../../../components/ui/text-field';
import { DeliveryFields } from '../../../components/order/delivery-fields';
import { TextareaField } from '../../../components/ui/textarea-field';
import { authClient } from '../../../lib/auth/auth-client';
import { applyFieldErrors } from '../../../lib/forms/form-errors';
import { useUpdateProfile } from '../api/update-profile';
import { errorMessage } from '../../../lib/api/api-client';

const formFields = [
  'name',
  'about',
  'education',
  'profession',
  'address',
  'phone',
  'linkedin',
  'img',
  'company',
  'taxId',
] as const;

function formValues(profile: Profile): UpdateProfileInput {
  return {
    name: profile.name,
    about: profile.about ?? '',
    education: profile.education ?? '',
    profession: profile.profession ?? '',
    address: profile.address ?? '',
    phone: profile.phone ?? '',
    linkedin: profile.linkedin ?? '',
    img: profile.img ?? '',
    company: profile.company ?? '',
    taxId: profile.taxId ?? '',
  };
}

interface ProfileFormProps {
  userId: string;
  profile: Profile;
}

export function ProfileForm({ userId, profile }: ProfileFormProps) {
  const updateProfile = useUpdateProfile(userId);
  const { refetch: refetchSession } = authClient.useSession();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<UpdateProfileInput, unknown, UpdateProfile>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: formValues(profile),
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await updateProfile.mutateAsync({ email: profile.email, input });
      reset(formValues(saved));
      toast.success(profileMessages.updated);
      // The navbar reads the session: fetch it again so the new name and photo show at once.
      await refetchSession();
    } catch (error) {
      const message = errorMessage(error, 'The profile was not saved.');
      applyFieldErrors(error, setError, formFields);
      toast.error(message);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <p className="text-sm text-base-content/75">
        Profession, address, phone and Linkedin are required. Your email ({profile.email}) cannot be
        changed here.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="name"
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Education"
          autoComplete="off"
          error={errors.education?.message}
          {...register('education')}
        />
        <TextField
          label="Profession"
          autoComplete="organization-title"
          required
          error={errors.profession?.message}
          {...register('profession')}
        />
        <DeliveryFields
          phone={register('phone')}
          address={register('address')}
          errors={{ phone: errors.phone?.message, address: errors.address?.message }}
          phonePlaceholder="e.g. +1 555 010 0100"
          addressClassName="md:col-span-2"
        />
        <TextField
          label="Linkedin"
          type="url"
          inputMode="url"
          placeholder="https://www.linkedin.com/in/your-name"
          required
          error={errors.linkedin?.message}
          {...register('linkedin')}
        />
        <TextField
          label="Photo URL"
          type="url"
          inputMode="url"
          autoComplete="photo"
          placeholder="https://example.com/your-photo.jpg"
          error={errors.img?.message}
          {...register('img')}
        />
        <TextField
          label="Company"
          autoComplete="organization"
          hint="Optional. Printed on your invoices."
          error={errors.company?.message}
          {...register('company')}
        />
        <TextField
          label="VAT / tax id"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. DE123456789 or 12-3456789"
          hint="Optional. An EU or UK VAT number or a US EIN, printed on your invoices."
          error={errors.taxId?.message}
          {...register('taxId')}
        />
        <div className="md:col-span-2">
          <TextareaField
            label="About"
            rows={4}
            maxLength={MAX_PROFILE_ABOUT_LENGTH}
            error={errors.about?.message}
            {...register('about')}
          />
        </div>
      </div>
      <button
        type="submit"
        className="btn btn-primary self-start"
        disabled={updateProfile.isPending}
      >
        {updateProfile.isPending ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : null}
        Update
      </button>
    </form>
  );
}
