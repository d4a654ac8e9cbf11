import { useState } from 'react';
import type { Profile } from '@voltforge/contract/profile';

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The saved photo and name (spec: the page "shows photo and name"). */
export function ProfileSummary({ profile }: { profile: Profile }) {
  // A photo URL that does not load falls back to initials instead of a broken image.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showPhoto = profile.img !== null && profile.img !== failedSrc;
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {showPhoto ? (
        <div className="avatar">
          <div className="w-28 rounded-full ring-2 ring-primary ring-offset-2 ring-offset-base-100">
            <img
              src={profile.img ?? undefined}
              alt={`Photo of ${profile.name}`}
              referrerPolicy="no-referrer"
              onError={() => setFailedSrc(profile.img)}
            />
          </div>
        </div>
      ) : (
        <div className="avatar avatar-placeholder">
          <div className="w-28 rounded-full bg-secondary text-secondary-content">
            <span className="text-3xl font-semibold" aria-hidden="true">
              {initialsOf(profile.name)}
            </span>
          </div>
        </div>
      )}
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
