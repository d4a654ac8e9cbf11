import { zodResolver } from '@hookform/resolvers/zod';
import {
  createReviewSchema,
  MAX_RATING,
  MAX_REVIEW_COMMENT_LENGTH,
  MIN_RATING,
  reviewMessages,
  type CreateReview,
  type CreateReviewInput,
} from '@voltforge/contract/review';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '../../../lib/page/toast';
import { paths } from '../../../lib/paths';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { applyFieldErrors } from '../../../lib/forms/form-errors';
import { useCreateReview } from '../api/create-review';
import { errorMessage } from '../../../lib/api/api-client';

interface AddReviewFormProps {
  /** The signed-in user's display name: reviews are always posted under it. */
  userName: string;
  /** The account photo, the default photo of the review. */
  userImage: string;
}

const reviewFields = ['ratings', 'comment', 'profile'] as const;

export function AddReviewForm({ userName, userImage }: AddReviewFormProps) {
  const createReview = useCreateReview();
  const empty: DefaultValues<CreateReviewInput> = {
    user: userName,
    ratings: undefined,
    comment: '',
    profile: userImage,
  };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<CreateReviewInput, unknown, CreateReview>({
    resolver: zodResolver(createReviewSchema),
    defaultValues: empty,
  });
  const comment = useWatch({ control, name: 'comment' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createReview.mutateAsync(values);
      toast.success(reviewMessages.added);
      reset();
    } catch (error) {
      const message = errorMessage(error, 'The review was not saved.');
      applyFieldErrors(error, setError, reviewFields);
      toast.error(message);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <TextField
          label="User name"
          readOnly
          aria-describedby="review-user-hint"
          className="input-ghost bg-base-200"
          {...register('user')}
        />
        <p id="review-user-hint" className="text-xs text-base-content/70">
          Reviews appear under your account name. Change it in{' '}
          <Link to={paths.updateProfile} className="link">
            My Profile
          </Link>
          .
        </p>
      </div>
      <TextField
        label="Ratings"
        type="number"
        inputMode="numeric"
        min={MIN_RATING}
        max={MAX_RATING}
        step={1}
        placeholder={reviewMessages.ratingsHint}
        error={errors.ratings?.message}
        {...register('ratings', { valueAsNumber: true })}
      />
      <TextareaField
        label="Comment"
        rows={5}
        maxLength={MAX_REVIEW_COMMENT_LENGTH}
        placeholder="What did you order, and how did it work for you?"
        error={errors.comment?.message}
        hint={`${comment.length} / ${MAX_REVIEW_COMMENT_LENGTH} characters`}
        {...register('comment')}
      />
      <TextField
        label="Photo URL"
        type="url"
        inputMode="url"
        autoComplete="photo"
        placeholder="https://example.com/your-photo.jpg"
        error={errors.profile?.message}
        {...register('profile')}
      />
      <button
        type="submit"
        className="btn btn-primary self-start"
        disabled={createReview.isPending}
      >
        {createReview.isPending ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : null}
        Add Review
      </button>
    </form>
  );
}
