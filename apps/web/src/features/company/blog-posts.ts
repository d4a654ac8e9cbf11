export interface BlogPost {
  id: string;
  question: string;
  /** Paragraphs of the answer. */
  answer: string[];
  /** An optional example shown after the answer. */
  code?: string;
}

/** Six questions customers ask about the shop's technology, answered by us. */
export const blogPosts: BlogPost[] = [
  {
    id: 'react-performance',
    question: 'How can you improve the performance of a React application?',
    answer: [
      'Measure first: the React Profiler and the browser performance panel show which components render too often or too slowly. Fixing a guess is usually wasted work.',
      'Then ship less and render less. Split code by route with lazy imports so a visitor only downloads the page they open. Keep state as close as possible to where it is used, so a change re-renders a small subtree rather than the whole app. Memoise expensive calculations with useMemo and stable callbacks with useCallback only where the profiler shows a cost, and wrap heavy pure components in memo.',
      'Long lists should be paginated or virtualised, images should have width and height and load lazily, and server data should be cached (for example with TanStack Query) instead of being fetched again on every mount.',
    ],
  },
  {
    id: 'react-state',
    question: 'What are the different ways to manage state in a React application?',
    answer: [
      'Local state with useState or useReducer covers most UI state: an open menu, a form field, the current slide of a carousel.',
      'State several components share can be lifted to their closest common parent, or placed in a context when it is needed far down the tree (the signed-in user, a theme).',
      'Server state (data that lives in a database) is best handled by a data-fetching cache such as TanStack Query or the router’s loaders, which deal with loading, errors, caching and refreshing. The URL is state too: filters, search terms and page numbers belong in the query string so links and the Back button work. For large client-side state, stores like Redux Toolkit or Zustand give one predictable place to change it.',
    ],
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work?',
    answer: [
      'Every JavaScript object has a hidden link to another object, its prototype. When you read a property the object does not have, JavaScript follows that link and looks on the prototype, then on the prototype’s prototype, until it finds the property or reaches null. This chain is how objects share methods without copying them.',
      'Object.create(proto) makes a new object whose prototype is proto. Constructor functions and classes do the same thing behind a friendlier syntax: the methods declared in a class live once on its prototype, and every instance links to it.',
    ],
    code: `const tool = { describe() { return \`\${this.name} (\${this.price} USD)\`; } };
const meter = Object.create(tool);
meter.name = 'VF-DM200';
meter.price = 89.5;
meter.describe(); // 'VF-DM200 (89.5 USD)', found on the prototype`,
  },
  {
    id: 'state-immutability',
    question: 'Why should you never update React state directly?',
    answer: [
      'React decides whether to re-render by comparing the old and new state by reference. If you change an array or object in place (products.push(item) or user.name = "x") the reference stays the same, so React may not notice anything changed and the screen shows stale data.',
      'Mutating also breaks features that rely on the previous value staying intact: memoised components, effects that compare dependencies, and concurrent rendering that may re-use an earlier state. Always call the setter with a new value, for example setProducts([...products, item]), or pass an updater function when the new value depends on the old one.',
    ],
    code: `// Wrong: same array, React may skip the update
products.push(newProduct);
setProducts(products);

// Right: a new array
setProducts((current) => [...current, newProduct]);`,
  },
  {
    id: 'search-products',
    question: 'How would you search an array of products by name?',
    answer: [
      'Normalise both sides (trim and lower-case the search term and each name) and keep the products whose name includes the term. filter returns a new array and leaves the original untouched.',
      'For a real catalogue the search belongs on the server: our tools page sends the term to the API, which runs a case-insensitive, parameterised query backed by a trigram index, so it stays fast with thousands of products and only one page of results travels to the browser.',
    ],
    code: `function searchByName(products, term) {
  const wanted = term.trim().toLowerCase();
  if (!wanted) return products;
  return products.filter((p) => p.name.toLowerCase().includes(wanted));
}

searchByName(products, 'Meter'); // every product with "meter" in its name`,
  },
  {
    id: 'unit-tests',
    question: 'What are unit tests and why should you write them?',
    answer: [
      'A unit test checks one small piece of code, such as a function or a component, in isolation: given this input, it must produce that output. Unit tests run in milliseconds, so you can run hundreds of them every time you save a file.',
      'They catch regressions the moment they happen, document how code is meant to be used, and make refactoring safe: if the tests still pass, the behaviour did not change. Writing them also pushes you towards small functions with clear inputs and outputs, which are easier to understand. Good tests check what a user or caller would see, not how the code happens to be written internally.',
    ],
  },
];
