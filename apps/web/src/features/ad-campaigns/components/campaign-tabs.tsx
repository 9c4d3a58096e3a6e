import { NavLink, generatePath } from 'react-router';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

/** Overview | Results of one campaign, as links (each is its own page). */
export function CampaignTabs({ id }: { id: string }) {
  const tabs = [
    { label: 'Overview', to: generatePath(paths.publisher.adCampaignOverview, { id }) },
    { label: 'Results', to: generatePath(paths.publisher.adCampaignResults, { id }) },
  ];
  return (
    <nav aria-label="Campaign" className="mb-6 border-b border-border">
      <ul className="-mb-px flex gap-4">
        {tabs.map((tab) => (
          <li key={tab.label}>
            <NavLink
              to={tab.to}
              end
              className={({ isActive }) =>
                cn(
                  'inline-block border-b-2 px-1 pb-2.5 text-sm font-medium transition-colors',
                  isActive
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:text-foreground',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
