import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { usePageTitle } from '@/hooks/use-page-title';

/**
 * A page whose feature arrives in a later release: its title, what it will hold, and an honest
 * empty state. No sample data, no buttons that do nothing.
 */
export function PlaceholderPage({
  title,
  description,
  icon,
}: {
  title: string;
  description: string;
  icon: LucideIcon;
}) {
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} description={description} />
      <EmptyState
        icon={icon}
        title="Not available yet"
        description="This page is not available yet. It arrives in an upcoming release of Screenline."
      />
    </>
  );
}
