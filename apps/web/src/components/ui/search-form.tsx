import { MAX_SEARCH_LENGTH } from '@voltforge/contract/catalog';
import { useId, type FormEvent } from 'react';

/** Small for the back office's lists, full size for the catalogue's. */
const looks = {
  sm: {
    join: 'join w-full sm:w-auto',
    input: 'input input-sm join-item w-full sm:w-64',
    button: 'btn btn-sm btn-primary join-item',
  },
  md: { join: 'join w-full', input: 'input join-item w-full', button: 'btn btn-primary join-item' },
};

/**
 * A labelled search box with its Search button, for a list whose search lives in the URL: it
 * shows `value` (the URL's) and hands what was typed, trimmed, to `onSearch`.
 */
export function SearchForm({
  label,
  value,
  onSearch,
  placeholder,
  className,
  size = 'sm',
}: {
  label: string;
  value: string | undefined;
  onSearch: (search: string | undefined) => void;
  placeholder?: string;
  className: string;
  size?: keyof typeof looks;
}) {
  const look = looks[size];
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get('search');
    onSearch(typeof typed === 'string' ? typed.trim() : undefined);
  };
  return (
    <form role="search" onSubmit={submit} className={className}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className={look.join}>
        {/* Keyed on the URL's value, so Back and links reset what the box shows. */}
        <input
          key={value ?? ''}
          id={id}
          name="search"
          type="search"
          defaultValue={value ?? ''}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={placeholder}
          className={look.input}
        />
        <button type="submit" className={look.button}>
          Search
        </button>
      </div>
    </form>
  );
}
