/*
 * Classes for a <table> that becomes one card per row below the `sm` breakpoint: the header row
 * is kept for screen readers only, and every cell shows its column's name (its data-label)
 * before its value, so a phone needs no sideways scrolling.
 */
export const STACKED_TABLE = [
  'max-sm:block max-sm:[&_tbody]:block max-sm:[&_thead]:sr-only',
  'max-sm:[&_tbody_tr]:block max-sm:[&_tbody_tr]:px-1 max-sm:[&_tbody_tr]:py-3',
  'max-sm:[&_tbody_tr]:border-b max-sm:[&_tbody_tr]:border-base-300',
  'max-sm:[&_tbody_:is(td,th)]:flex max-sm:[&_tbody_:is(td,th)]:items-center',
  'max-sm:[&_tbody_:is(td,th)]:gap-3 max-sm:[&_tbody_:is(td,th)]:py-1',
  'max-sm:[&_tbody_:is(td,th)]:border-0',
  'max-sm:[&_tbody_:is(td,th)[data-label]]:before:w-24',
  'max-sm:[&_tbody_:is(td,th)[data-label]]:before:shrink-0',
  'max-sm:[&_tbody_:is(td,th)[data-label]]:before:text-xs',
  'max-sm:[&_tbody_:is(td,th)[data-label]]:before:font-normal',
  'max-sm:[&_tbody_:is(td,th)[data-label]]:before:text-base-content/75',
  'max-sm:[&_tbody_:is(td,th)[data-label]]:before:content-[attr(data-label)]',
].join(' ');
