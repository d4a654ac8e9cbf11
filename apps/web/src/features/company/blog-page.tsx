import { pageMeta } from '@voltforge/contract/public-pages';
import { PageContainer } from '../../components/ui/page-container';
import { PageHeading } from '../../components/ui/page-heading';
import { usePageMeta } from '../../lib/use-page-meta';
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
            className="collapse-arrow collapse border border-base-300 bg-base-100"
          >
            <summary className="collapse-title text-lg font-semibold">{post.question}</summary>
            <div className="collapse-content flex flex-col gap-3 text-base-content/85">
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
