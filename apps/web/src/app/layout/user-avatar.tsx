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
      <img
        src={image}
        alt=""
        referrerPolicy="no-referrer"
        className="h-9 w-9 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      className="flex h-9 w-9 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-content"
      aria-hidden="true"
    >
      {initialsOf(name)}
    </span>
  );
}
