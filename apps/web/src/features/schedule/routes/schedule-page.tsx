import { CalendarClock } from 'lucide-react';
import { PlaceholderPage } from '@/components/placeholder-page';

export function SchedulePage() {
  return (
    <PlaceholderPage
      title="Schedule"
      description="Which playlist plays on which screen: by date, weekday and time of day, in each location's time zone."
      icon={CalendarClock}
    />
  );
}
