import { MapPin } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function LocationsPage() {
  return (
    <PlaceholderPage
      title="Locations"
      description="Your venues: address, time zone, venue type and audience estimate, with the screens at each."
      icon={MapPin}
    />
  );
}
