interface UserAvatarProps {
  name: string;
  image?: string | null;
}

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.[0]?.toUpperCase() ?? '').join('') || '?';
}

export function UserAvatar({ name, image }: UserAvatarProps) {
  if (image) {
    return (
      <span className="avatar">
        <span className="w-9 rounded-full">
          <img src={image} alt="" referrerPolicy="no-referrer" />
        </span>
      </span>
    );
  }
  return (
    <span className="avatar avatar-placeholder">
      <span className="w-9 rounded-full bg-secondary text-secondary-content">
        <span className="text-sm font-semibold" aria-hidden="true">
          {initialsOf(name)}
        </span>
      </span>
    </span>
  );
}
