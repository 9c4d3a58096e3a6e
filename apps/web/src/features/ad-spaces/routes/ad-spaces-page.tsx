import { MonitorPlay } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function AdSpacesPage() {
  return (
    <PlaceholderPage
      title="Ad spaces"
      description="Each screen you run: its location, orientation, default playlist and whether its TV is online."
      icon={MonitorPlay}
    />
  );
}
