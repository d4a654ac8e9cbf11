import type { Profile } from '@voltforge/contract/profile';
import { Avatar } from '../../../components/ui/avatar';

/** The saved photo and name (what the page shows at a glance). */
export function ProfileSummary({ profile }: { profile: Profile }) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <Avatar
        name={profile.name}
        src={profile.img}
        size={112}
        alt={`Photo of ${profile.name}`}
        className="h-28 w-28"
        photoClassName="ring-2 ring-primary ring-offset-2 ring-offset-base-100"
        initialsClassName="bg-secondary text-3xl font-semibold text-secondary-content"
      />
      <div className="min-w-0 max-w-full">
        <p className="text-xl font-semibold break-words">{profile.name}</p>
        <p className="text-sm break-all text-base-content/75">{profile.email}</p>
        {profile.profession ? (
          <p className="mt-1 text-sm font-medium text-primary break-words">{profile.profession}</p>
        ) : null}
      </div>
      {profile.linkedin ? (
        <a
          href={profile.linkedin}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="link link-primary text-sm"
        >
          LinkedIn profile
        </a>
      ) : null}
    </div>
  );
}
