import { pageMeta } from '@voltforge/contract/public-pages';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../lib/page/use-page-meta';
import { blogPosts } from './blog-posts';

/**
 * /blog: six questions and answers. Native <details>/<summary> disclosures: they open and close
 * with Enter or Space, announce their state to screen readers and work without JavaScript.
 */
export function BlogPage() {
  usePageMeta(pageMeta.blog.title, pageMeta.blog.description);
  return (
    <PageContainer>
      <PageHeading lead="Questions we get asked about building this shop, answered by our web team. Select a question to read the answer.">
        Blog
      </PageHeading>
      <div className="flex max-w-4xl flex-col gap-3">
        {blogPosts.map((post) => (
          <details
            key={post.id}
            id={post.id}
            className="group rounded-box border border-base-300 bg-base-100"
          >
            {/* A plain disclosure: its arrow turns when open. */}
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-box p-4 text-lg font-semibold hover:bg-base-200 [&::-webkit-details-marker]:hidden">
              {post.question}
              <span
                aria-hidden="true"
                className="size-2.5 shrink-0 rotate-45 border-r-2 border-b-2 border-current transition-transform group-open:-rotate-135"
              />
            </summary>
            <div className="flex flex-col gap-3 px-4 pb-4 text-base-content/85">
              {post.answer.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
              {post.code ? (
                <pre className="overflow-x-auto rounded-box bg-neutral p-4 text-sm text-neutral-content">
                  <code>{post.code}</code>
                </pre>
              ) : null}
            </div>
          </details>
        ))}
      </div>
    </PageContainer>
  );
}
